import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Table } from 'antd';
import { csvBlob } from '../../../../lib/csv';
import { saveBlob } from '../../../../lib/save-blob';
import { SUMMARY_TEXT as TEXT } from '../../constants';
import { csvOf, type SummaryTableSpec } from '../../summary-tables';

/** One table of the dashboard with its CSV export (named after the table and the period). */
export function SummaryTable<Row>({ spec, period }: { spec: SummaryTableSpec<Row>; period: string }) {
  const exportCsv = () => {
    const { columns, rows } = csvOf(spec);
    saveBlob(csvBlob(columns, rows), `${spec.file}-${period}.csv`);
  };
  return (
    <Card
      title={spec.title}
      size="small"
      data-testid={`summary-${spec.key}`}
      extra={
        <Button size="small" icon={<DownloadOutlined />} onClick={exportCsv} disabled={spec.rows.length === 0}>
          {TEXT.exportCsv}
        </Button>
      }
    >
      <Table<Row>
        size="small"
        rowKey={(row) => spec.columns.map((column) => column.value(row)).join('|')}
        pagination={spec.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
        dataSource={spec.rows}
        columns={spec.columns.map((column, index) => ({
          key: index,
          title: column.title,
          align: column.numeric ? 'right' : 'left',
          render: (_: unknown, row: Row) => {
            const value = column.value(row);
            return typeof value === 'number' ? value.toLocaleString('zh-CN') : value;
          },
        }))}
      />
    </Card>
  );
}
