import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { COMMON_TEXT } from './constants';

interface ConfirmDeleteButtonProps {
  /** The question in the popover and what deleting means. */
  title: ReactNode;
  description: ReactNode;
  /** Deletes; the popover stays open with a loading OK button until it settles. */
  onDelete: () => Promise<unknown>;
  pending: boolean;
  /** Toasts after the deletion: success (with `subject` under it; a warning the answer carries, as a warning) or failure (with the error's message). */
  successToast: string;
  failureToast: string;
  subject: string;
  disabled?: boolean;
  /** Why the button is disabled, shown as its tooltip. */
  disabledHint?: string;
  /** The button's text (删除 unless the deletion has another name, e.g. 吊销). */
  label?: string;
}

/** A small danger link button that asks before deleting and reports the outcome as a toast. */
export function ConfirmDeleteButton({
  title,
  description,
  onDelete,
  pending,
  successToast,
  failureToast,
  subject,
  disabled = false,
  disabledHint,
  label = COMMON_TEXT.delete,
}: ConfirmDeleteButtonProps) {
  const confirm = () =>
    onDelete().then(
      // A deletion others lose something by answers a warning (a public tool in other users' agents): shown instead of plain success.
      (answer) => {
        const warning = (answer as { warning?: unknown } | null)?.warning;
        if (typeof warning === 'string') toast.warning(successToast, { description: `${subject}：${warning}` });
        else toast.success(successToast, { description: subject });
      },
      (error: Error) => toast.error(failureToast, { description: error.message }),
    );
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={COMMON_TEXT.confirm}
      cancelText={COMMON_TEXT.cancel}
      okButtonProps={{ danger: true, loading: pending }}
      disabled={disabled}
      onConfirm={confirm}
    >
      <Button type="link" size="small" danger disabled={disabled} title={disabled ? disabledHint : undefined}>
        {label}
      </Button>
    </Popconfirm>
  );
}
