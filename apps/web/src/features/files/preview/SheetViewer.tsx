import { Tabs } from 'antd';
import { Workbook } from 'exceljs';
import { PREVIEW_TEXT } from '../constants';
import { PreviewFallback, PreviewLoading } from './PreviewStates';
import { cellText, trimColumns, type SheetData } from './sheet-cells';
import { SheetTable } from './SheetTable';
import { useBlobRead } from './use-blob-read';

/** Rows shown per sheet; the rest is for downloading. */
export const SHEET_ROW_CAP = 1000;
const COLUMN_CAP = 100;

async function readWorkbook(blob: Blob): Promise<SheetData[]> {
  const workbook = new Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    const rowCount = Math.min(sheet.rowCount, SHEET_ROW_CAP);
    const columnCount = Math.min(sheet.columnCount, COLUMN_CAP);
    for (let number = 1; number <= rowCount; number += 1) {
      const row = sheet.getRow(number);
      rows.push(Array.from({ length: columnCount }, (_, index) => cellText(row.getCell(index + 1).value)));
    }
    return { name: sheet.name, rows: trimColumns(rows), totalRows: sheet.rowCount };
  });
}

/** An Excel workbook (.xlsx, read with exceljs in the browser): one tab per sheet. */
export default function SheetViewer({ blob }: { blob: Blob }) {
  const read = useBlobRead(blob, readWorkbook);
  if (read.status === 'loading') return <PreviewLoading />;
  if (read.status === 'failed') return <PreviewFallback status="error" title={PREVIEW_TEXT.renderFailed} />;
  const sheets = read.value;
  if (sheets.length === 0) return <PreviewFallback title={PREVIEW_TEXT.sheetEmpty} />;
  return (
    <Tabs
      items={sheets.map((sheet, index) => ({
        key: String(index),
        label: sheet.name,
        children: <SheetTable rows={sheet.rows} note={sheet.totalRows > sheet.rows.length ? PREVIEW_TEXT.sheetRowsCapped(sheet.rows.length, sheet.totalRows) : undefined} />,
      }))}
    />
  );
}
