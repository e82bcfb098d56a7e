import { KB_DOC_STATUS_LABELS, KB_DOC_STATUSES, type KbDocStatus, type KbDocument, type KnowledgeBase, type ListKbFilesQuery } from '@agent-platform/contracts';
import { FolderAddOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Popconfirm, Select, Table, Upload } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { COMMON_TEXT } from '../../../components/constants';
import { ListToolbar } from '../../../components/ListToolbar';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { KB_DOC_TEXT as TEXT, KB_TOAST } from '../constants';
import { useDeleteDocuments, useKbDocuments } from '../queries';
import { AddFromFilesModal } from './AddFromFilesModal';
import { documentColumns } from './document-columns';
import { UploadList } from './UploadList';
import { useDocUploads } from './use-doc-uploads';

const STATUS_OPTIONS = [{ value: '', label: TEXT.allStatuses }, ...KB_DOC_STATUSES.map((status) => ({ value: status, label: KB_DOC_STATUS_LABELS[status] }))];

/** 文档: the documents with their live ingestion status; upload, add from files, download, delete. */
export function DocumentsTab({ kb }: { kb: KnowledgeBase }) {
  const { query, filter, pagination } = usePagedQuery<Omit<ListKbFilesQuery, 'kb_id'>>();
  const documents = useKbDocuments({ ...query, kb_id: kb.id });
  const uploads = useDocUploads(kb.id);
  const remove = useDeleteDocuments();
  const [picking, setPicking] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const filtered = !!(query.keyword || query.status);

  const deleteDocs = (docIds: string[]) =>
    remove.mutateAsync({ kb_id: kb.id, doc_ids: docIds }).then(
      () => {
        toast.success(KB_TOAST.docsDeleted);
        setSelected((current) => current.filter((id) => !docIds.includes(id)));
      },
      (error: Error) => toast.error(KB_TOAST.failed, { description: error.message }),
    );

  return (
    <>
      <ListToolbar searchPlaceholder={TEXT.searchPlaceholder} searchWidth={240} onSearch={(keyword) => filter({ keyword })}>
        <Select<KbDocStatus | ''>
          value={query.status ?? ''}
          options={STATUS_OPTIONS}
          aria-label={TEXT.statusFilter}
          style={{ width: 130 }}
          onChange={(status) => filter({ status: status || undefined })}
        />
        {kb.editable ? (
          <>
            <Upload
              multiple
              showUploadList={false}
              beforeUpload={(file, files) => {
                // Called once per chosen file: take the whole choice at its first file, and upload it ourselves.
                if (file === files[0]) void uploads.upload(files);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={uploads.busy} title={TEXT.uploadHint}>
                {TEXT.upload}
              </Button>
            </Upload>
            <Button icon={<FolderAddOutlined />} onClick={() => setPicking(true)}>
              {TEXT.addFromFiles}
            </Button>
            {selected.length > 0 ? (
              <Popconfirm
                title={TEXT.deleteSelectedConfirm(selected.length)}
                description={TEXT.deleteConfirmDescription}
                okText={COMMON_TEXT.confirm}
                cancelText={COMMON_TEXT.cancel}
                okButtonProps={{ danger: true, loading: remove.isPending }}
                onConfirm={() => deleteDocs(selected)}
              >
                <Button danger>{TEXT.deleteSelected(selected.length)}</Button>
              </Popconfirm>
            ) : null}
          </>
        ) : null}
      </ListToolbar>
      <UploadList items={uploads.items} />
      {documents.isError ? <Alert type="error" showIcon title={documents.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<KbDocument>
        rowKey="id"
        columns={documentColumns({ editable: kb.editable, onDelete: (doc) => remove.mutateAsync({ kb_id: kb.id, doc_ids: [doc.id] }), deleting: remove.isPending })}
        dataSource={documents.data?.list ?? []}
        loading={documents.isPending}
        scroll={{ x: 900 }}
        rowSelection={kb.editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? TEXT.emptyFiltered : TEXT.empty} /> }}
        pagination={pagination(documents.data?.total)}
      />
      <AddFromFilesModal kbId={kb.id} open={picking} onClose={() => setPicking(false)} />
    </>
  );
}
