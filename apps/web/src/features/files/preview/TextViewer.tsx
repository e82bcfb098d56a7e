import { Alert } from 'antd';
import { Markdown } from '../../../components/chat/Markdown';
import { PREVIEW_TEXT } from '../constants';
import { codeLanguageOf } from '../file-types';
import { readText } from './decode-text';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import styles from './preview.module.css';
import { useBlobRead } from './use-blob-read';
import { formatBytes } from '../../../lib/format';

/** Text shown in the page at most (the rest is for downloading). */
const TEXT_LIMIT = 2 * 1024 * 1024;

const readPreviewText = (blob: Blob) => readText(blob, TEXT_LIMIT);

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

/** Plain text, code (highlighted like chat code blocks) and Markdown (the safe renderer). */
export default function TextViewer({ blob, name, kind }: { blob: Blob; name: string; kind: 'text' | 'code' | 'markdown' }) {
  const read = useBlobRead(blob, readPreviewText);
  if (read.status === 'loading') return <PreviewLoading />;
  if (read.status === 'failed') return <PreviewFallback status="error" title={PREVIEW_TEXT.renderFailed} />;
  const { text, truncated } = read.value;
  return (
    <>
      {truncated ? <Alert type="warning" showIcon title={PREVIEW_TEXT.textTruncated(formatBytes(TEXT_LIMIT))} style={{ marginBottom: 12 }} /> : null}
      {kind === 'text' ? (
        <pre className={styles.plainText}>{text}</pre>
      ) : (
        <div className={styles.document}>
          <Markdown>{kind === 'markdown' ? text : fenced(text, codeLanguageOf(name))}</Markdown>
        </div>
      )}
    </>
  );
}
