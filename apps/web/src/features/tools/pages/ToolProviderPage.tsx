import { TOOL_CREDENTIAL_MODE_LABELS, type ToolInfo, type ToolProviderInfo } from '@agent-platform/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { PageHeader } from '../../../components/PageHeader';
import { MyCredentialCard } from '../components/MyCredentialCard';
import { ProviderCredentialsCard } from '../components/ProviderCredentialsCard';
import { ProviderReimportCard } from '../components/ProviderReimportCard';
import { AUTH_TYPE_LABELS, PROVIDER_TEXT as TEXT, TOOL_FORM_TEXT, TOOL_LIST_TEXT, TOOL_PATHS, TOOL_TITLES, TOOL_TOAST } from '../constants';
import { useDeleteToolProvider, useToolProvider } from '../queries';

function ProviderTools({ provider }: { provider: ToolProviderInfo }) {
  const navigate = useNavigate();
  const columns: TableColumnsType<ToolInfo> = [
    { title: TOOL_FORM_TEXT.title, key: 'title', render: (_value, tool) => <Typography.Text strong>{tool.title || tool.name}</Typography.Text> },
    { title: TOOL_FORM_TEXT.name, dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: TOOL_LIST_TEXT.descriptionColumn, dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: TOOL_LIST_TEXT.actions,
      key: 'actions',
      width: 90,
      render: (_value, tool) => (
        <Button type="link" size="small" onClick={() => navigate(TOOL_PATHS.call(tool.id))} aria-label={`${TEXT.test} ${tool.name}`}>
          {TEXT.test}
        </Button>
      ),
    },
  ];
  return (
    <Card title={TEXT.tools(provider.tools.length)}>
      <Table<ToolInfo> rowKey="id" size="small" columns={columns} dataSource={provider.tools} pagination={false} />
    </Card>
  );
}

/** /tool/provider/:id — an API tool set: its credentials (shared, or each user's own), its operations, re-import. */
export default function ToolProviderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useToolProvider(id);
  const remove = useDeleteToolProvider();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(TOOL_PATHS.list)}>
      {TEXT.back}
    </Button>
  );
  if (query.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (query.isError) return <Result status="warning" title={query.error.code === 40401 ? TEXT.notFound : query.error.message} extra={back} />;
  const provider = query.data;
  const perUser = provider.auth.type !== 'none' && provider.credential_mode === 'per_user';

  return (
    <>
      <PageHeader
        title={`${TOOL_TITLES.provider}：${provider.title}`}
        description={provider.description || undefined}
        extra={
          <Flex gap={8}>
            {back}
            {provider.editable ? (
              <ConfirmDeleteButton
                title={TEXT.deleteConfirm}
                description={TEXT.deleteConfirmDescription}
                onDelete={async () => {
                  await remove.mutateAsync(provider.id);
                  navigate(TOOL_PATHS.list);
                }}
                pending={remove.isPending}
                successToast={TEXT.deleted}
                failureToast={TOOL_TOAST.failed}
                subject={provider.title}
                label={TEXT.delete}
              />
            ) : null}
          </Flex>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title={TEXT.info}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={TEXT.serverUrl}>
                  <Typography.Text code>{provider.server_url}</Typography.Text>
                </Descriptions.Item>
                {provider.document_url ? <Descriptions.Item label={TEXT.documentUrl}>{provider.document_url}</Descriptions.Item> : null}
                <Descriptions.Item label={TEXT.owner}>{provider.owner_name}</Descriptions.Item>
                <Descriptions.Item label={TEXT.visibility}>
                  {provider.is_public ? <Tag color="processing">{TOOL_LIST_TEXT.public}</Tag> : <Tag>{TOOL_LIST_TEXT.private}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={TEXT.auth}>{AUTH_TYPE_LABELS[provider.auth.type]}</Descriptions.Item>
                {provider.auth.type === 'none' ? null : <Descriptions.Item label={TEXT.mode}>{TOOL_CREDENTIAL_MODE_LABELS[provider.credential_mode]}</Descriptions.Item>}
              </Descriptions>
            </Card>
            {perUser ? <MyCredentialCard key={`mine-${provider.updated_at}-${provider.my_credential?.secret ?? ''}`} provider={provider} /> : null}
            <ProviderCredentialsCard key={provider.updated_at} provider={provider} />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <ProviderTools provider={provider} />
            {provider.editable ? <ProviderReimportCard provider={provider} /> : null}
          </Flex>
        </Col>
      </Row>
    </>
  );
}
