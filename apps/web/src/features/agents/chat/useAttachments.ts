import type { CommonUploadResult } from '@agent-platform/contracts';
import type { Attachment } from '@ant-design/x/es/attachments';
import { useState } from 'react';

/** The most files one question may carry (contracts `agentChatBody.file_ids`). */
export const MAX_ATTACHMENTS = 10;

/** The files of the question being written: uploaded as they are added, their ids sent with it. */
export function useAttachments() {
  const [items, setItems] = useState<Attachment<CommonUploadResult>[]>([]);
  const [open, setOpen] = useState(false);
  const uploaded = items.filter((item) => item.status === 'done' && item.response?.id);
  return {
    items,
    setItems,
    open,
    setOpen,
    files: uploaded.map((item) => ({ id: item.response!.id, name: item.name })),
    uploading: items.some((item) => item.status === 'uploading'),
    clear: () => {
      setItems([]);
      setOpen(false);
    },
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
