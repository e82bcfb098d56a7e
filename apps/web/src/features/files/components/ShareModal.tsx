import type { FileDetail, FileEntry } from '@agent-platform/contracts';
import { Alert, Button, Divider, Flex, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../../components/chat/CopyButton';
import { formatDateTime } from '../../../lib/format';
import { FILES_TOAST, SHARE_EXPIRY_OPTIONS, SHARE_TEXT as TEXT } from '../constants';
import { useFileDetail, useShareFile } from '../queries';

const onFailure = (error: Error) => toast.error(FILES_TOAST.failed, { description: error.message });

/** 分享: move the file into (or out of) the public tree, and a download link with an expiry. */
export function ShareModal({ entry, onClose }: { entry: FileEntry; onClose: () => void }) {
  const detail = useFileDetail(entry.id);
  const share = useShareFile();
  const [hours, setHours] = useState<number>(24 * 7);
  const [answer, setAnswer] = useState<FileDetail | null>(null);
  const current = answer ?? detail.data;
  const isPublic = current ? !current.is_private : !entry.is_private;
  const expiresAt = current?.share_expires_at ?? null;
  const link = expiresAt ? (current?.share_url ?? null) : null;

  const run = (body: { make_public?: boolean; expires_in_hours?: number }, done: string) =>
    share.mutate(
      { file_id: entry.id, ...body },
      {
        onSuccess: (next) => {
          setAnswer(next);
          toast.success(done, { description: entry.name });
        },
        onError: onFailure,
      },
    );

  return (
    <Modal open title={TEXT.title(entry.name)} footer={<Button onClick={onClose}>{TEXT.close}</Button>} onCancel={onClose} destroyOnHidden>
      {detail.isError ? <Alert type="error" showIcon title={detail.error.message} style={{ marginBottom: 12 }} /> : null}
      <Flex justify="space-between" align="center" gap={16}>
        <div>
          <Typography.Text strong>{TEXT.public}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
            {TEXT.publicHint}
          </Typography.Paragraph>
        </div>
        <Switch
          aria-label={TEXT.public}
          checked={isPublic}
          loading={share.isPending && share.variables?.make_public !== undefined}
          onChange={(checked) => run({ make_public: checked }, checked ? FILES_TOAST.madePublic : FILES_TOAST.madePrivate)}
        />
      </Flex>
      <Divider />
      <Typography.Text strong>{TEXT.link}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px', fontSize: 12 }}>
        {TEXT.linkHint}
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select aria-label={TEXT.expiry} value={hours} options={[...SHARE_EXPIRY_OPTIONS]} style={{ width: 120 }} onChange={setHours} />
        <Button type="primary" loading={share.isPending && !!share.variables?.expires_in_hours} onClick={() => run({ expires_in_hours: hours }, FILES_TOAST.linkCreated)}>
          {link ? TEXT.renew : TEXT.create}
        </Button>
        {expiresAt ? (
          <Button danger onClick={() => run({ expires_in_hours: 0 }, FILES_TOAST.linkRevoked)}>
            {TEXT.revoke}
          </Button>
        ) : null}
      </Space.Compact>
      {link ? (
        <>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} aria-label={TEXT.link} onFocus={(event) => event.target.select()} />
            <CopyButton text={link} label={TEXT.copy} />
          </Space.Compact>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {TEXT.expiresAt(formatDateTime(expiresAt))}
          </Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">{expiresAt ? TEXT.expiresAt(formatDateTime(expiresAt)) : TEXT.noLink}</Typography.Text>
      )}
    </Modal>
  );
}
