import { Modal } from 'antd';
import type { Blocker } from 'react-router';
import { COMMON_TEXT } from './constants';

/** Asks before a navigation drops unsaved changes: leave (and lose them) or stay. */
export function UnsavedChangesPrompt({ blocker }: { blocker: Blocker }) {
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={COMMON_TEXT.unsavedTitle}
      okText={COMMON_TEXT.unsavedLeave}
      okButtonProps={{ danger: true }}
      cancelText={COMMON_TEXT.unsavedStay}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {COMMON_TEXT.unsavedDescription}
    </Modal>
  );
}
