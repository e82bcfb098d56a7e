import type { AssetQueryAudit, AssetTableStructure } from '@agent-platform/contracts';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ACCESS_LIST_TEXT, ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useAccessUsers, useAsset, useAssetAudits, useAssetStructure } from '../queries';

const OUTCOME_COLORS: Record<AssetQueryAudit['outcome'], string> = { ok: 'success', refused: 'warning', failed: 'error' };

function StructureTable({ table }: { table: AssetTableStructure }) {
  const columns = [
    { title: '列', dataIndex: 'name', key: 'name' },
    { title: '类型', dataIndex: 'type', key: 'type' },
    { title: '说明', key: 'comment', render: (_: unknown, column: AssetTableStructure['columns'][number]) => [column.comment, column.note?.description].filter(Boolean).join('；') },
    { title: '同义词', key: 'synonyms', render: (_: unknown, column: AssetTableStructure['columns'][number]) => (column.note?.synonyms ?? []).join('、') },
  ];
  return (
    <section style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>
        {table.name}
        {table.comment ? `（${table.comment}）` : ''}
      </Typography.Title>
      {table.description ? <Typography.Paragraph type="secondary">{table.description}</Typography.Paragraph> : null}
      <Table size="small" rowKey="name" pagination={false} columns={columns} dataSource={table.columns} />
    </section>
  );
}

/** /database/asset/detail/:id: what the asset opens (as the model sees it), its verified questions, and (for its owner) the recent SQL. */
export default function AssetDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const asset = useAsset(id);
  const structure = useAssetStructure(id);
  const audits = useAssetAudits(id, asset.data?.editable ?? false);
  const accessUsers = useAccessUsers('asset', asset.data ? id : undefined);
  const auditColumns = [
    { title: TEXT.auditColumns.time, dataIndex: 'created_at', key: 'time', render: (value: string) => new Date(value).toLocaleString('zh-CN') },
    { title: TEXT.auditColumns.user, dataIndex: 'user_name', key: 'user' },
    { title: TEXT.auditColumns.sql, dataIndex: 'sql', key: 'sql', render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
    {
      title: TEXT.auditColumns.outcome,
      key: 'outcome',
      render: (_: unknown, row: AssetQueryAudit) => (
        <Tag color={OUTCOME_COLORS[row.outcome]} title={row.error}>
          {TEXT.outcomes[row.outcome]}
        </Tag>
      ),
    },
    { title: TEXT.auditColumns.rows, dataIndex: 'row_count', key: 'rows' },
    { title: TEXT.auditColumns.duration, dataIndex: 'duration_ms', key: 'duration' },
  ];
  return (
    <>
      <PageHeader
        title={asset.data?.name ?? DATABASE_TITLES.assetDetail}
        description={asset.data?.description}
        extra={
          <Flex gap={8}>
            <Button type="primary" onClick={() => navigate(DATABASE_PATHS.assetChat(id))}>
              {TEXT.chat}
            </Button>
            {asset.data?.editable ? <Button onClick={() => navigate(DATABASE_PATHS.assetEdit(id))}>{TEXT.edit}</Button> : null}
          </Flex>
        }
      />
      {asset.error ? <Alert type="error" showIcon title={asset.error.message} /> : null}
      {asset.data ? (
        <Card style={{ marginBottom: 16 }}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { label: TEXT.columns.datasource, children: asset.data.connection_name },
              { label: TEXT.columns.owner, children: asset.data.owner_name },
              { label: TEXT.visibility, children: asset.data.is_public ? TEXT.isPublic : TEXT.isPrivate },
              { label: ACCESS_LIST_TEXT.label, children: (accessUsers.data ?? []).map((user) => user.nick_name || user.user_name).join('、') || ACCESS_LIST_TEXT.nobody },
            ]}
          />
        </Card>
      ) : null}
      <Card title={TEXT.structure} style={{ marginBottom: 16 }}>
        {structure.isPending ? <Skeleton active /> : null}
        {structure.error ? <Alert type="error" showIcon title={structure.error.message} /> : null}
        {(structure.data ?? []).map((table) => (
          <StructureTable key={table.name} table={table} />
        ))}
      </Card>
      <Card title={TEXT.verified} style={{ marginBottom: 16 }}>
        {asset.data?.verified_queries.length ? (
          asset.data.verified_queries.map((pair, index) => (
            <Typography.Paragraph key={index}>
              {pair.question}
              <br />
              <Typography.Text code>{pair.sql}</Typography.Text>
            </Typography.Paragraph>
          ))
        ) : (
          <Typography.Text type="secondary">{TEXT.noVerified}</Typography.Text>
        )}
      </Card>
      {asset.data?.editable ? (
        <Card title={TEXT.audit}>
          <Table size="small" rowKey="id" loading={audits.isPending} columns={auditColumns} dataSource={audits.data ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
        </Card>
      ) : null}
    </>
  );
}
