import { LLM_STATUS_LABELS, LLM_STATUSES, LLM_TYPE_LABELS, LLM_TYPES, type ListLlmModelsBody, type LlmModel, type LlmStatus, type LlmType } from '@agent-platform/contracts';
import { Alert, Empty, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatDateTime } from '../../../lib/format';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { MODEL_LIST_TEXT as TEXT } from '../constants';
import { useModels } from '../queries';
import { ModelRowActions, ModelStatusSwitch } from './ModelRowActions';
import styles from './ModelTable.module.css';
import { providerLabel, TypeTag } from './ModelTags';
import { listLoading } from '../../../lib/list-loading';

const TYPE_OPTIONS = [{ value: '', label: TEXT.allTypes }, ...LLM_TYPES.map((type) => ({ value: type, label: LLM_TYPE_LABELS[type] }))];
const STATUS_OPTIONS = [{ value: '', label: TEXT.allStatuses }, ...LLM_STATUSES.map((status) => ({ value: status, label: LLM_STATUS_LABELS[status] }))];

const COLUMNS: TableColumnsType<LlmModel> = [
  {
    title: TEXT.name,
    key: 'name',
    width: 200,
    render: (_value, model) => {
      const name = model.display_name || model.llm_name;
      const detail = model.upstream_model && model.upstream_model !== model.llm_name ? `${model.llm_name} → ${model.upstream_model}` : model.llm_name;
      return (
        <div className={styles.stack}>
          <Typography.Text strong ellipsis title={name}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" className={styles.small} ellipsis title={detail}>
            {detail}
          </Typography.Text>
        </div>
      );
    },
  },
  { title: TEXT.type, dataIndex: 'type', key: 'type', width: 76, render: (type: LlmType) => <TypeTag type={type} /> },
  {
    title: TEXT.provider,
    key: 'provider',
    render: (_value, model) => (
      <div className={styles.stack}>
        <Typography.Text ellipsis title={providerLabel(model.provider)}>
          {providerLabel(model.provider)}
        </Typography.Text>
        <Typography.Text type="secondary" className={styles.small} ellipsis title={model.base_url}>
          {model.base_url}
        </Typography.Text>
      </div>
    ),
  },
  {
    title: TEXT.visibility,
    dataIndex: 'is_public',
    key: 'is_public',
    width: 96,
    render: (isPublic: boolean) => (isPublic ? <Tag color="processing">{TEXT.public}</Tag> : <Tag>{TEXT.private}</Tag>),
  },
  { title: TEXT.status, key: 'status', width: 92, render: (_value, model) => <ModelStatusSwitch model={model} /> },
  { title: TEXT.createdAt, dataIndex: 'created_at', key: 'created_at', width: 150, render: formatDateTime },
  { title: TEXT.actions, key: 'actions', width: 184, fixed: 'right', render: (_value, model) => <ModelRowActions model={model} /> },
];

/** The models the user may see: filter by type and status, search, page on the server. */
export function ModelTable() {
  const { query, filter, pagination } = usePagedQuery<ListLlmModelsBody>();
  const models = useModels(query);
  const filtered = !!(query.type || query.status || query.keyword);

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} searchWidth={320} onSearch={(keyword) => filter({ keyword })}>
        <Select<LlmType | ''> value={query.type ?? ''} options={TYPE_OPTIONS} aria-label={TEXT.type} style={{ width: 140 }} onChange={(type) => filter({ type: type || undefined })} />
        <Select<LlmStatus | ''>
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          aria-label={TEXT.status}
          style={{ width: 140 }}
          onChange={(status) => filter({ status: status || undefined })}
        />
      </ListToolbar>
      {models.isError ? <Alert type="error" showIcon title={models.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<LlmModel>
        rowKey="id"
        columns={COLUMNS}
        dataSource={models.data?.list ?? []}
        loading={listLoading(models)}
        tableLayout="fixed"
        // Fits the content width at 1280 px (the sidebar open); narrower windows scroll.
        scroll={{ x: 940 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? TEXT.emptyFiltered : TEXT.empty} /> }}
        pagination={pagination(models.data?.total)}
      />
    </>
  );
}
