import type { KbDocument } from '@agent-platform/contracts';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { formatBytes, formatDateTime, formatNumber } from '../../../lib/format';
import { downloadDocument } from '../api';
import { KB_DOC_TEXT as TEXT, KB_PATHS, KB_TOAST } from '../constants';
import { DocumentStatus } from './DocumentStatus';
import { saveBlob } from '../../../lib/save-blob';

interface ColumnOptions {
  editable: boolean;
  onDelete: (doc: KbDocument) => Promise<unknown>;
  deleting: boolean;
}

export function downloadDoc(doc: Pick<KbDocument, 'id' | 'name'>): void {
  downloadDocument(doc.id).then(
    (blob) => saveBlob(blob, doc.name),
    (error: Error) => toast.error(KB_TOAST.downloadFailed, { description: error.message }),
  );
}

export function documentColumns({ editable, onDelete, deleting }: ColumnOptions): TableColumnsType<KbDocument> {
  return [
    {
      title: TEXT.name,
      dataIndex: 'name',
      key: 'name',
      ellipsis: true,
      render: (name: string) => (
        <Typography.Text strong title={name}>
          {name}
        </Typography.Text>
      ),
    },
    { title: TEXT.size, dataIndex: 'size', key: 'size', width: 100, render: formatBytes },
    { title: TEXT.status, key: 'status', width: 240, render: (_value, doc) => <DocumentStatus doc={doc} /> },
    { title: TEXT.segments, dataIndex: 'segment_count', key: 'segment_count', width: 90, render: formatNumber },
    { title: TEXT.updatedAt, dataIndex: 'updated_at', key: 'updated_at', width: 172, render: formatDateTime },
    {
      title: TEXT.actions,
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_value, doc) => (
        <Space size={0}>
          <Button type="link" size="small" href={KB_PATHS.preview(doc.file_id)} target="_blank" rel="noopener noreferrer">
            {TEXT.preview}
          </Button>
          <Button type="link" size="small" onClick={() => downloadDoc(doc)}>
            {TEXT.download}
          </Button>
          {editable ? (
            <ConfirmDeleteButton
              title={TEXT.deleteConfirm}
              description={TEXT.deleteConfirmDescription}
              onDelete={() => onDelete(doc)}
              pending={deleting}
              successToast={KB_TOAST.docsDeleted}
              failureToast={KB_TOAST.failed}
              subject={doc.name}
            />
          ) : null}
        </Space>
      ),
    },
  ];
}
