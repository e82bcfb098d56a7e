import { convertToHtml } from 'mammoth/mammoth.browser.js';
import { PREVIEW_TEXT } from '../constants';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import styles from './preview.module.css';
import { sanitizeDocumentHtml } from './sanitize-html';
import { useBlobRead } from './use-blob-read';

/** Word → HTML with mammoth (in the browser), then through the allow-list sanitiser. */
async function docxToSafeHtml(blob: Blob): Promise<string> {
  const { value } = await convertToHtml({ arrayBuffer: await blob.arrayBuffer() });
  return sanitizeDocumentHtml(value);
}

/** A Word document (.docx) as HTML: headings, paragraphs, lists, tables and embedded images. */
export default function DocxViewer({ blob }: { blob: Blob }) {
  const read = useBlobRead(blob, docxToSafeHtml);
  if (read.status === 'loading') return <PreviewLoading />;
  if (read.status === 'failed') return <PreviewFallback status="error" title={PREVIEW_TEXT.renderFailed} />;
  // Sanitised above: only structural tags, no scripts, event handlers or javascript: URLs.
  return <article className={styles.document} dangerouslySetInnerHTML={{ __html: read.value }} />;
}
