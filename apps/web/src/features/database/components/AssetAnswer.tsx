import { DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { CopyButton } from '../../../components/chat/CopyButton';
import { Markdown } from '../../../components/chat/Markdown';
import { csvBlob } from '../../../lib/csv';
import { saveBlob } from '../../../lib/save-blob';
import type { AssetMessageView, AssetResultView } from '../asset-messages';
import { ASSET_CHAT_TEXT as TEXT } from '../constants';
import { ResultChart } from './ResultChart';

interface AssetAnswerProps {
  message: AssetMessageView;
  /** Runs the paused SQL as it is (`sql` undefined) or as edited. */
  onDecide?: (sql: string | undefined) => void;
  onSaveVerified?: (sql: string) => void;
}

const compare = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''), 'zh-CN'));

function ResultTable({ result }: { result: AssetResultView }) {
  const columns = result.columns.map((title, index) => ({
    title,
    key: String(index),
    dataIndex: String(index),
    sorter: (a: Record<string, unknown>, b: Record<string, unknown>) => compare(a[String(index)], b[String(index)]),
    render: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
  }));
  const data = result.rows.map((row, rowIndex) => Object.fromEntries([['key', rowIndex], ...row.map((cell, index) => [String(index), cell])]));
  return <Table size="small" columns={columns} dataSource={data} pagination={{ pageSize: 10, hideOnSinglePage: true }} scroll={{ x: true }} />;
}

function PausedSql({ pause, onDecide }: { pause: NonNullable<AssetMessageView['pause']>; onDecide?: (sql: string | undefined) => void }) {
  const [sql, setSql] = useState(pause.formatted);
  return (
    <Card size="small" title={TEXT.confirmTitle}>
      <Input.TextArea aria-label={TEXT.sql} value={sql} onChange={(event) => setSql(event.target.value)} autoSize={{ minRows: 3, maxRows: 12 }} style={{ fontFamily: 'monospace' }} />
      <Flex gap={8} style={{ marginTop: 8 }}>
        <Button type="primary" disabled={!onDecide} onClick={() => onDecide?.(sql === pause.formatted ? undefined : sql)}>
          {sql === pause.formatted ? TEXT.confirmRun : TEXT.confirmEdited}
        </Button>
      </Flex>
    </Card>
  );
}

/** One answer of the asset chat: refused SQL, a pause to confirm, then the SQL that ran, the rows, the chart and the text. */
export function AssetAnswer({ message, onDecide, onSaveVerified }: AssetAnswerProps) {
  const { result, chart } = message;
  return (
    <Flex vertical gap={8}>
      {(message.failedSql ?? []).map((attempt, index) => (
        <Alert key={index} type="warning" showIcon title={TEXT.sqlError(attempt.error)} description={<Typography.Text code>{attempt.sql}</Typography.Text>} />
      ))}
      {message.pause ? <PausedSql pause={message.pause} onDecide={onDecide} /> : null}
      {result ? (
        <>
          <Card size="small" title={TEXT.sql} extra={<CopyButton text={result.sql} label={TEXT.sql} />}>
            <pre aria-label={TEXT.sql} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {result.sql}
            </pre>
          </Card>
          <Card
            size="small"
            title={`${TEXT.table}（${TEXT.duration(result.durationMs)}）`}
            extra={
              <Flex gap={4}>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => saveBlob(csvBlob(result.columns, result.rows), 'result.csv')}>
                  {TEXT.csv}
                </Button>
                {onSaveVerified ? (
                  <Button size="small" icon={<SaveOutlined />} onClick={() => onSaveVerified(result.sql)}>
                    {TEXT.saveVerified}
                  </Button>
                ) : null}
              </Flex>
            }
          >
            {result.truncated ? <Typography.Text type="secondary">{TEXT.truncated(result.rows.length)}</Typography.Text> : null}
            <ResultTable result={result} />
          </Card>
          {chart && chart.type !== 'none' ? (
            <Card size="small" title={TEXT.chart}>
              <ResultChart chart={chart} columns={result.columns} rows={result.rows} />
            </Card>
          ) : null}
        </>
      ) : null}
      {message.content ? <Markdown>{message.content}</Markdown> : null}
    </Flex>
  );
}
