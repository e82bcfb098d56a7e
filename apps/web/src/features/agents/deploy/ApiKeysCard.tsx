import type { AgentApiKeyInfo } from '@agent-platform/contracts';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { formatDateTime } from '../../../lib/format';
import { AGENT_DEPLOY_TEXT as TEXT, AGENT_TOAST } from '../constants';
import { useApiKeys, useRevokeApiKey } from '../queries';
import { CreateKeyModal } from './CreateKeyModal';

function RevokeButton({ apiKey }: { apiKey: AgentApiKeyInfo }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDeleteButton
      title={TEXT.revokeConfirm}
      description={TEXT.revokeConfirmDescription}
      onDelete={() => revoke.mutateAsync(apiKey.id)}
      pending={revoke.isPending}
      successToast={AGENT_TOAST.keyRevoked}
      failureToast={AGENT_TOAST.keyFailed}
      subject={apiKey.name}
      label={TEXT.revoke}
    />
  );
}

const COLUMNS: TableColumnsType<AgentApiKeyInfo> = [
  { title: TEXT.name, dataIndex: 'name', ellipsis: true },
  { title: TEXT.key, dataIndex: 'masked', render: (masked: string) => <Typography.Text code>{masked}</Typography.Text> },
  { title: TEXT.createdAt, dataIndex: 'created_at', width: 180, render: formatDateTime },
  {
    title: TEXT.lastUsedAt,
    dataIndex: 'last_used_at',
    width: 180,
    render: (value: string | null) => (value ? formatDateTime(value) : <Typography.Text type="secondary">{TEXT.neverUsed}</Typography.Text>),
  },
  { title: TEXT.actions, key: 'actions', width: 90, render: (_value, key) => <RevokeButton apiKey={key} /> },
];

/** The agent's API keys: create (the key shows whole once), list masked, revoke. */
export function ApiKeysCard({ agentId, onCreated }: { agentId: string; onCreated: (key: AgentApiKeyInfo) => void }) {
  const keys = useApiKeys(agentId);
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {TEXT.keysTitle}
        </span>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {TEXT.createKey}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{TEXT.keysDescription}</Typography.Paragraph>
      {keys.isError ? <Alert type="error" showIcon title={keys.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<AgentApiKeyInfo>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={keys.data ?? []}
        loading={keys.isPending}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noKeys} /> }}
      />
      <CreateKeyModal open={creating} agentId={agentId} onClose={() => setCreating(false)} onCreated={onCreated} />
    </Card>
  );
}
