const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The rows as CSV (with a byte-order mark, so spreadsheet programs read the Chinese right). */
export function toCsv(columns: string[], rows: unknown[][]): string {
  return `\uFEFF${[columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The rows as a CSV file to download. */
export function csvBlob(columns: string[], rows: unknown[][]): Blob {
  return new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
}
