import type { FileEntry } from '@agent-platform/contracts';
import { lazy, Suspense } from 'react';
import { PREVIEW_TEXT } from '../constants';
import { PREVIEW_LIMITS, previewKind, type PreviewKind } from '../file-types';
import { useFileContent, useMediaUrl } from '../queries';
import { CsvViewer } from './CsvViewer';
import { MediaViewer, StreamedMediaViewer } from './MediaViewer';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import { formatBytes } from '../../../lib/format';

// The heavy readers (pdf.js, mammoth, exceljs, the Markdown renderer) load only when a file needs them.
const PdfViewer = lazy(() => import('./PdfViewer'));
const DocxViewer = lazy(() => import('./DocxViewer'));
const SheetViewer = lazy(() => import('./SheetViewer'));
const TextViewer = lazy(() => import('./TextViewer'));

type PreviewFile = Pick<FileEntry, 'id' | 'name' | 'mime' | 'size'>;

function Viewer({ kind, blob, name }: { kind: Exclude<PreviewKind, 'unsupported'>; blob: Blob; name: string }) {
  switch (kind) {
    case 'pdf':
      return <PdfViewer blob={blob} />;
    case 'docx':
      return <DocxViewer blob={blob} />;
    case 'xlsx':
      return <SheetViewer blob={blob} />;
    case 'csv':
      return <CsvViewer blob={blob} />;
    case 'image':
    case 'audio':
    case 'video':
      return <MediaViewer blob={blob} name={name} kind={kind} />;
    case 'text':
    case 'code':
    case 'markdown':
      return <TextViewer blob={blob} name={name} kind={kind} />;
  }
}

function StreamedPreview({ file, kind, onDownload }: { file: PreviewFile; kind: 'audio' | 'video'; onDownload: () => void }) {
  const media = useMediaUrl(file.id);
  if (media.isPending) return <PreviewLoading />;
  if (media.isError) return <PreviewFallback status="error" title={PREVIEW_TEXT.loadFailed} hint={media.error.message} onDownload={onDownload} />;
  return <StreamedMediaViewer url={media.data.url} name={file.name} kind={kind} />;
}

function LoadedPreview({ file, kind, onDownload }: { file: PreviewFile; kind: Exclude<PreviewKind, 'unsupported'>; onDownload: () => void }) {
  const content = useFileContent(file.id);
  if (content.isPending) return <PreviewLoading />;
  if (content.isError) return <PreviewFallback status="error" title={PREVIEW_TEXT.loadFailed} hint={content.error.message} onDownload={onDownload} />;
  return (
    <Suspense fallback={<PreviewLoading />}>
      <Viewer kind={kind} blob={content.data} name={file.name} />
    </Suspense>
  );
}

/** A file's content by its type; an unsupported or very large file offers the download instead. */
export function FilePreview({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const kind = previewKind(file.name, file.mime);
  if (kind === 'unsupported') return <PreviewFallback title={PREVIEW_TEXT.unsupported} hint={PREVIEW_TEXT.unsupportedHint} onDownload={onDownload} />;
  if ((file.size ?? 0) > PREVIEW_LIMITS[kind]) {
    return <PreviewFallback title={PREVIEW_TEXT.tooLarge(formatBytes(PREVIEW_LIMITS[kind]))} onDownload={onDownload} />;
  }
  if (kind === 'audio' || kind === 'video') return <StreamedPreview key={file.id} file={file} kind={kind} onDownload={onDownload} />;
  return <LoadedPreview key={file.id} file={file} kind={kind} onDownload={onDownload} />;
}
