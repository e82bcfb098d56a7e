import { Alert, Empty, Table, type TableColumnsType } from 'antd';
import { PREVIEW_TEXT } from '../constants';
import { columnName } from './sheet-cells';

type Row = { key: number; cells: string[] };

/** A sheet as a grid (with a note above it, e.g. that rows were capped): row numbers down the side, Excel's column letters across the top. */
export function SheetTable({ rows, note }: { rows: string[][]; note?: string }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={PREVIEW_TEXT.sheetEmpty} />;
  const width = rows[0]?.length ?? 0;
  const columns: TableColumnsType<Row> = [
    { title: '', key: 'row', width: 56, fixed: 'left', align: 'center', render: (_value, row) => row.key },
    ...Array.from({ length: width }, (_, index) => ({
      title: columnName(index),
      key: String(index),
      width: 140,
      ellipsis: true,
      render: (_value: unknown, row: Row) => row.cells[index],
    })),
  ];
  return (
    <>
      {note ? <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} /> : null}
      <Table<Row>
        size="small"
        bordered
        rowKey="key"
        columns={columns}
        dataSource={rows.map((cells, index) => ({ key: index + 1, cells }))}
        scroll={{ x: 56 + width * 140 }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}
