import type { DataAsset } from '@agent-platform/contracts';
import { Button, Flex, Popconfirm, Table } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ListScope } from '../../../components/ScopedListPage';
import { ASSET_TEXT as TEXT, DATABASE_PATHS } from '../constants';
import { useAssets, useDeleteAsset } from '../queries';

/** One tab of the asset list: the caller's own assets, the public ones, or the ones shared with the caller. */
export function AssetTable({ scope }: { scope: ListScope }) {
  const navigate = useNavigate();
  const assets = useAssets(scope);
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
  return <Table rowKey="id" loading={assets.isPending} columns={columns} dataSource={assets.data ?? []} locale={{ emptyText: TEXT.empty[scope] }} pagination={false} />;
}
