import type { ListToolsBody, ToolInfo, ToolListKind } from '@agent-platform/contracts';
import { Alert, Button, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { TOOL_LIST_TEXT as TEXT, TOOL_PATHS, TOOL_TOAST } from '../constants';
import { useDeleteTool, useTools } from '../queries';
import { ProviderLink } from './ProviderLink';
import { TagFilter, TagList } from './ToolTags';
import { listLoading } from '../../../lib/list-loading';

function ToolRowActions({ tool }: { tool: ToolInfo }) {
  const navigate = useNavigate();
  const remove = useDeleteTool();
  const builtin = tool.kind === 'builtin';
  const hint = builtin ? TEXT.builtinReadOnly : tool.editable ? undefined : TEXT.noEditRight;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => navigate(TOOL_PATHS.call(tool.id))}>
        {TEXT.test}
      </Button>
      {builtin ? null : (
        <>
          <Button type="link" size="small" disabled={!tool.editable} title={hint} onClick={() => navigate(TOOL_PATHS.edit(tool.id))}>
            {TEXT.edit}
          </Button>
          <ConfirmDeleteButton
            title={TEXT.deleteConfirm}
            description={TEXT.deleteConfirmDescription}
            onDelete={() => remove.mutateAsync(tool.id)}
            pending={remove.isPending}
            successToast={TOOL_TOAST.deleted}
            failureToast={TOOL_TOAST.failed}
            subject={tool.title}
            disabled={!tool.editable}
            disabledHint={hint}
          />
        </>
      )}
    </Space>
  );
}

const COLUMNS: TableColumnsType<ToolInfo> = [
  {
    title: TEXT.name,
    key: 'name',
    width: 240,
    ellipsis: true,
    render: (_value, tool) => (
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis title={tool.title || tool.name}>
          {tool.title || tool.name}
        </Typography.Text>
        <Typography.Text type="secondary" code style={{ fontSize: 12 }} ellipsis title={tool.name}>
          {tool.name}
        </Typography.Text>
        {tool.provider ? <ProviderLink provider={tool.provider} /> : null}
      </Flex>
    ),
  },
  {
    title: TEXT.descriptionColumn,
    dataIndex: 'description',
    key: 'description',
    ellipsis: true,
    render: (description: string) => (
      <Typography.Text type={description ? undefined : 'secondary'} title={description || undefined}>
        {description || TEXT.noDescription}
      </Typography.Text>
    ),
  },
  { title: TEXT.tags, dataIndex: 'tags', key: 'tags', width: 160, render: (tags: string[]) => <TagList tags={tags} /> },
  {
    title: TEXT.visibility,
    key: 'visibility',
    width: 96,
    render: (_value, tool) => (tool.kind === 'builtin' ? <Tag color="purple">{TEXT.builtin}</Tag> : tool.is_public ? <Tag color="processing">{TEXT.public}</Tag> : <Tag>{TEXT.private}</Tag>),
  },
  { title: TEXT.owner, dataIndex: 'owner_name', key: 'owner', width: 110, ellipsis: true },
  { title: TEXT.actions, key: 'actions', width: 170, fixed: 'right', render: (_value, tool) => <ToolRowActions tool={tool} /> },
];

/** The tools of one kind the user may use: search, tag filter, paged on the server. */
export function ToolTable({ kind }: { kind: ToolListKind }) {
  const { query, filter, pagination } = usePagedQuery<ListToolsBody>();
  const tools = useTools({ ...query, kind });
  const filtered = !!(query.tag || query.keyword);
  const empty = filtered ? TEXT.emptyFiltered : kind === 'builtin' ? TEXT.emptyBuiltin : kind === 'service' ? TEXT.emptyService : TEXT.empty;

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} searchWidth={320} onSearch={(keyword) => filter({ keyword })}>
        {kind === 'builtin' ? null : <TagFilter tagType="tool" label={TEXT.tagFilter} allLabel={TEXT.allTags} value={query.tag} onChange={(tag) => filter({ tag })} />}
      </ListToolbar>
      {kind === 'builtin' ? <Alert type="info" showIcon title={TEXT.builtinReadOnly} style={{ marginBottom: 16 }} /> : null}
      {tools.isError ? <Alert type="error" showIcon title={tools.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<ToolInfo>
        rowKey="id"
        columns={COLUMNS}
        dataSource={tools.data?.list ?? []}
        loading={listLoading(tools)}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        pagination={pagination(tools.data?.total)}
      />
    </>
  );
}
