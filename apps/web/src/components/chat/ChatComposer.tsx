import { Sender } from '@ant-design/x';
import type { ReactNode } from 'react';
import styles from './ChatLayout.module.css';
import { CHAT_TEXT } from './constants';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  /** Stops the answer being generated. */
  onStop: () => void;
  isRunning: boolean;
  disabled?: boolean;
  /** Whether the send button may be pressed (besides a non-empty input). */
  canSend: boolean;
  placeholder: string;
  /** Above the input (e.g. the attachments of the question). */
  header?: ReactNode;
  /** Left of the input (e.g. an attach button). */
  prefix?: ReactNode;
}

/** The question box under a chat: Enter sends, the button turns into 停止生成 while an answer streams. */
export function ChatComposer({ value, onChange, onSubmit, onStop, isRunning, disabled, canSend, placeholder, header, prefix }: ChatComposerProps) {
  return (
    <div className={styles.composer}>
      <Sender
        value={value}
        onChange={onChange}
        onSubmit={onSubmit}
        onCancel={onStop}
        loading={isRunning}
        disabled={disabled}
        placeholder={placeholder}
        header={header}
        prefix={prefix}
        autoSize={{ minRows: 1, maxRows: 6 }}
        suffix={(_node, { components: { SendButton, LoadingButton } }) =>
          isRunning ? (
            <LoadingButton aria-label={CHAT_TEXT.stop} title={CHAT_TEXT.stop} />
          ) : (
            <SendButton aria-label={CHAT_TEXT.send} title={CHAT_TEXT.send} disabled={!value.trim() || !canSend} />
          )
        }
      />
    </div>
  );
}
