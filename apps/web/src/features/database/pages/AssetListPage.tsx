import type { DataAsset } from '@agent-platform/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Table } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/PageHeader';
import { ASSET_TEXT as TEXT, DATABASE_PATHS, DATABASE_TITLES } from '../constants';
import { useAssets, useDeleteAsset } from '../queries';

/** /database/asset: the data assets the user may use (own, public, shared with them). */
export default function AssetListPage() {
  const navigate = useNavigate();
  const assets = useAssets();
  const remove = useDeleteAsset();
  const columns = [
    { title: TEXT.columns.name, dataIndex: 'name', key: 'name' },
    { title: TEXT.columns.datasource, dataIndex: 'connection_name', key: 'datasource' },
    { title: TEXT.columns.tables, key: 'tables', render: (_: unknown, row: DataAsset) => TEXT.tableCount(row.tables.length) },
    { title: TEXT.columns.owner, dataIndex: 'owner_name', key: 'owner' },
    {
      title: TEXT.columns.actions,
      key: 'actions',
      render: (_: unknown, row: DataAsset) => (
        <Flex gap={4}>
          <Button size="small" type="primary" onClick={() => navigate(DATABASE_PATHS.assetChat(row.id))}>
            {TEXT.chat}
          </Button>
          <Button size="small" onClick={() => navigate(DATABASE_PATHS.assetDetail(row.id))}>
            {TEXT.detail}
          </Button>
          {row.editable ? (
            <Popconfirm title={TEXT.deleteConfirm} onConfirm={() => remove.mutate(row.id, { onError: (error) => toast.error(error.message) })}>
              <Button size="small" danger>
                {TEXT.delete}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={DATABASE_TITLES.assets}
        description={TEXT.description}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(DATABASE_PATHS.createAsset)}>
            {TEXT.create}
          </Button>
        }
      />
      <Card>
        <Table rowKey="id" loading={assets.isPending} columns={columns} dataSource={assets.data ?? []} locale={{ emptyText: TEXT.empty }} pagination={false} />
      </Card>
    </>
  );
}
