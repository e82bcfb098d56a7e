import { XProvider } from '@ant-design/x';
import xZhCN from '@ant-design/x/es/locale/zh_CN';
import antdZhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import styles from './ChatLayout.module.css';

/** XProvider hands its locale to antd's ConfigProvider too: keep antd's Chinese texts beside the chat ones. */
const LOCALE = { ...antdZhCN, ...xZhCN };

interface ChatPageShellProps {
  /** The conversation list on the left. */
  conversations: ReactNode;
  /** The accessible name of the chat column. */
  label: string;
  /** The chat column: toolbar, messages, composer. */
  children: ReactNode;
  /** A panel on the right (e.g. the playground's settings). */
  aside?: ReactNode;
}

/** The frame every chat page shares: conversations, the chat itself, an optional side panel. */
export function ChatPageShell({ conversations, label, children, aside }: ChatPageShellProps) {
  return (
    <XProvider locale={LOCALE}>
      <div className={styles.page}>
        <aside className={styles.conversations}>{conversations}</aside>
        <section className={styles.main} aria-label={label}>
          {children}
        </section>
        {aside}
      </div>
    </XProvider>
  );
}
