import { PREVIEW_TEXT } from '../constants';
import { parseCsv } from './csv';
import { readText } from './decode-text';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import { trimColumns } from './sheet-cells';
import { SheetTable } from './SheetTable';
import { useBlobRead } from './use-blob-read';

const CSV_ROW_CAP = 1000;
/** Enough text for the capped rows of any sensible CSV. */
const CSV_TEXT_LIMIT = 8 * 1024 * 1024;

async function readCsv(blob: Blob) {
  const { text, truncated } = await readText(blob, CSV_TEXT_LIMIT);
  const parsed = parseCsv(text, { maxRows: CSV_ROW_CAP });
  return { rows: trimColumns(parsed.rows), capped: parsed.truncated || truncated };
}

/** CSV and TSV (quoted fields, line breaks inside quotes, GBK or UTF-8) as a table. */
export function CsvViewer({ blob }: { blob: Blob }) {
  const read = useBlobRead(blob, readCsv);
  if (read.status === 'loading') return <PreviewLoading />;
  if (read.status === 'failed') return <PreviewFallback status="error" title={PREVIEW_TEXT.renderFailed} />;
  return <SheetTable rows={read.value.rows} note={read.value.capped ? PREVIEW_TEXT.csvRowsCapped(read.value.rows.length) : undefined} />;
}
