import { CloudUploadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Attachments, Sender } from '@ant-design/x';
import { Badge, Button, Tooltip } from 'antd';
import { toast } from 'sonner';
import { toApiError } from '../../../lib/http';
import { uploadChatFile } from './api';
import { AGENT_CHAT_TEXT as TEXT } from './constants';
import { MAX_ATTACHMENTS, type AttachmentsState } from './useAttachments';

/** The paper clip left of the question box: opens the attachments panel. */
export function AttachButton({ state, disabled }: { state: AttachmentsState; disabled?: boolean }) {
  return (
    <Tooltip title={TEXT.attach}>
      <Badge dot={state.items.length > 0} offset={[-4, 4]}>
        <Button type="text" icon={<PaperClipOutlined />} aria-label={TEXT.attach} disabled={disabled} onClick={() => state.setOpen(!state.open)} />
      </Badge>
    </Tooltip>
  );
}

/** Above the question box: the files of the question, each uploaded to the user's files as it is added. */
export function AttachmentsPanel({ state, disabled }: { state: AttachmentsState; disabled?: boolean }) {
  return (
    <Sender.Header title={TEXT.attachments} open={state.open} onOpenChange={state.setOpen} forceRender>
      <Attachments
        items={state.items}
        disabled={disabled}
        multiple
        maxCount={MAX_ATTACHMENTS}
        beforeUpload={() => {
          if (state.items.length < MAX_ATTACHMENTS) return true;
          toast.error(TEXT.tooManyFiles);
          return false;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          uploadChatFile(file as File).then(
            (result) => onSuccess?.(result),
            (error: unknown) => {
              const reason = toApiError(error);
              toast.error(TEXT.uploadFailed, { description: reason.message });
              onError?.(new Error(reason.message));
            },
          );
        }}
        onChange={({ fileList }) => state.setItems(fileList)}
        placeholder={(type) => (type === 'drop' ? { title: TEXT.attachDrop } : { icon: <CloudUploadOutlined />, title: TEXT.attach, description: TEXT.attachHint })}
      />
    </Sender.Header>
  );
}
