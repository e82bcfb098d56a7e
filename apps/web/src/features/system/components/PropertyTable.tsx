import { effectiveValue, knownPropertyOf, propertyTypeOf, type ListPropertiesBody, type PropertyValueType, type SystemProperty } from '@agent-platform/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { COMMON_TEXT } from '../../../components/constants';
import { ListToolbar } from '../../../components/ListToolbar';
import { formatDateTime } from '../../../lib/format';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { PROPERTY_TEXT as TEXT, PROPERTY_TOAST as TOAST } from '../constants';
import { useBatchUpdateProperties, useDeleteProperty, useProperties, useUpdateProperty } from '../queries';
import { PropertyFormModal, type PropertyFormTarget } from './PropertyFormModal';
import { PropertyValueEditor, valueProblem } from './PropertyValueEditor';
import { listLoading } from '../../../lib/list-loading';

const typeOf = (property: SystemProperty) => propertyTypeOf(property.code, effectiveValue(property));
const onFailure = (error: Error) => toast.error(TOAST.failed, { description: error.message });

/** Every system property, searchable; values edited in place and saved together, one by one reset, edited or deleted. */
export function PropertyTable() {
  const { query, filter, pagination } = usePagedQuery<ListPropertiesBody>();
  const properties = useProperties(query);
  const batch = useBatchUpdateProperties();
  const update = useUpdateProperty();
  const remove = useDeleteProperty();
  // Edited values by code, with the type their editor had, until saved together.
  const [drafts, setDrafts] = useState<Map<string, { value: string; type: PropertyValueType }>>(new Map());
  const [formTarget, setFormTarget] = useState<PropertyFormTarget | null>(null);

  const draftOf = (property: SystemProperty) => drafts.get(property.code)?.value ?? effectiveValue(property);
  const setDraft = (property: SystemProperty, value: string) => setDrafts((current) => new Map(current).set(property.code, { value, type: typeOf(property) }));
  const saveDrafts = () => {
    if ([...drafts.values()].some(({ value, type }) => valueProblem(type, value))) {
      toast.error(TOAST.invalid);
      return;
    }
    const items = [...drafts].map(([code, { value }]) => ({ code, current_value: value }));
    batch.mutate(
      { items },
      {
        onSuccess: () => {
          setDrafts(new Map());
          toast.success(TOAST.saved);
        },
        onError: onFailure,
      },
    );
  };

  const columns: TableColumnsType<SystemProperty> = [
    {
      title: TEXT.code,
      key: 'code',
      width: 260,
      render: (_value, property) => (
        <Space orientation="vertical" size={2}>
          <Typography.Text copyable={{ text: property.code }}>{property.code}</Typography.Text>
          <Space size={4}>
            <Typography.Text type="secondary">{knownPropertyOf(property.code)?.name ?? property.name}</Typography.Text>
            <Tag>{TEXT.typeLabels[typeOf(property)]}</Tag>
          </Space>
        </Space>
      ),
    },
    {
      title: TEXT.value,
      key: 'value',
      width: 260,
      render: (_value, property) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <PropertyValueEditor code={property.code} type={typeOf(property)} value={draftOf(property)} secretSet={property.secret_set} onChange={(value) => setDraft(property, value)} />
          {property.current_value === null && property.secret_set === undefined && !drafts.has(property.code) ? (
            <Typography.Text type="secondary">{TEXT.usingDefault}</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: TEXT.defaultValue,
      key: 'default',
      width: 160,
      render: (_value, property) =>
        typeOf(property) === 'image' && property.default_value ? (
          <img src={property.default_value} alt={TEXT.defaultValue} width={28} height={28} />
        ) : (
          <Typography.Text ellipsis={{ tooltip: property.default_value }} style={{ maxWidth: 150 }}>
            {property.default_value ?? '-'}
          </Typography.Text>
        ),
    },
    { title: TEXT.explanation, key: 'explanation', render: (_value, property) => knownPropertyOf(property.code)?.description || property.description || '-' },
    { title: TEXT.changed, key: 'changed', width: 180, render: (_value, property) => TEXT.changedBy(property.updated_by, formatDateTime(property.updated_at)) },
    {
      title: TEXT.actions,
      key: 'actions',
      width: 190,
      render: (_value, property) => (
        <Space size={0}>
          <Popconfirm
            title={TEXT.resetConfirm}
            okText={COMMON_TEXT.confirm}
            cancelText={COMMON_TEXT.cancel}
            disabled={property.current_value === null}
            onConfirm={() => update.mutate({ id: property.id, current_value: null }, { onSuccess: () => toast.success(TOAST.reset, { description: property.code }), onError: onFailure })}
          >
            <Button type="link" size="small" disabled={property.current_value === null}>
              {TEXT.reset}
            </Button>
          </Popconfirm>
          <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', property })}>
            {TEXT.edit}
          </Button>
          <ConfirmDeleteButton
            title={TEXT.deleteConfirm}
            description={TEXT.deleteConfirmDescription}
            onDelete={() => remove.mutateAsync({ id: property.id })}
            pending={remove.isPending}
            successToast={TOAST.deleted}
            failureToast={TOAST.failed}
            subject={property.code}
          />
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} onSearch={(keyword) => filter({ keyword })}>
        <Button icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'create' })}>
          {TEXT.create}
        </Button>
        <Button disabled={drafts.size === 0} onClick={() => setDrafts(new Map())}>
          {TEXT.discard}
        </Button>
        <Button type="primary" disabled={drafts.size === 0} loading={batch.isPending} onClick={saveDrafts}>
          {drafts.size > 0 ? TEXT.saveCount(drafts.size) : TEXT.save}
        </Button>
      </ListToolbar>
      {properties.isError ? <Alert type="error" showIcon title={properties.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<SystemProperty>
        rowKey="id"
        columns={columns}
        dataSource={properties.data?.list ?? []}
        loading={listLoading(properties)}
        scroll={{ x: 1200 }}
        pagination={pagination(properties.data?.total)}
      />
      <PropertyFormModal target={formTarget} onClose={() => setFormTarget(null)} />
    </>
  );
}
