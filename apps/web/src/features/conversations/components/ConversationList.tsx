import type { ConversationInfo, ConversationKind } from '@agent-platform/contracts';
import { DeleteOutlined, MessageOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Conversations, type ConversationItemType } from '@ant-design/x';
import { Alert, Button, Empty, Modal, Skeleton } from 'antd';
import type { KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { CONVERSATION_TEXT as TEXT, CONVERSATION_TOAST as TOAST } from '../constants';
import { useConversations, useDeleteConversation } from '../queries';
import styles from './ConversationList.module.css';

interface ConversationListProps {
  kind: ConversationKind;
  /** Only the conversations with this subject (e.g. one agent). */
  subject?: string;
  activeId: string | null;
  onOpen: (conversation: ConversationInfo) => void;
  onNew: () => void;
  /** The open conversation was deleted. */
  onDeletedActive: () => void;
  disabled?: boolean;
}

/** A chat page's conversations of one kind, newest first: open, start a new one, delete. */
export function ConversationList({ kind, subject, activeId, onOpen, onNew, onDeletedActive, disabled }: ConversationListProps) {
  const conversations = useConversations(kind, subject);
  const remove = useDeleteConversation();
  const [modal, modalHolder] = Modal.useModal();
  const list = conversations.data?.list ?? [];

  const confirmDelete = (conversation: ConversationInfo) => {
    void modal.confirm({
      title: TEXT.deleteConfirm,
      content: TEXT.deleteConfirmDescription(conversation.title || TEXT.untitled),
      okText: TEXT.confirm,
      cancelText: TEXT.cancel,
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(conversation.id).then(
          () => {
            toast.success(TOAST.deleted);
            if (conversation.id === activeId) onDeletedActive();
          },
          (error: Error) => toast.error(TOAST.deleteFailed, { description: error.message }),
        ),
    });
  };

  const items: ConversationItemType[] = list.map((conversation) => ({
    key: conversation.id,
    label: conversation.title || TEXT.untitled,
    icon: <MessageOutlined />,
    disabled,
    // The library's items are clickable list entries only: make them reachable and usable by keyboard.
    ...{
      role: 'button',
      'aria-label': conversation.title || TEXT.untitled,
      tabIndex: disabled ? -1 : 0,
      'aria-current': conversation.id === activeId ? 'true' : undefined,
      onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => {
        if (disabled || event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
        event.preventDefault();
        onOpen(conversation);
      },
    },
  }));

  return (
    <div className={styles.panel}>
      <div className={styles.header}>
        <span className={styles.title}>{TEXT.title}</span>
        <Button size="small" icon={<PlusOutlined />} onClick={onNew} disabled={disabled}>
          {TEXT.newChat}
        </Button>
      </div>
      {conversations.isError ? <Alert type="error" showIcon title={TEXT.loadFailed} description={conversations.error.message} /> : null}
      {conversations.isPending ? <Skeleton active paragraph={{ rows: 4 }} className={styles.skeleton} /> : null}
      {conversations.isSuccess && list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.empty} /> : null}
      <Conversations
        className={styles.list}
        items={items}
        activeKey={activeId ?? undefined}
        onActiveChange={(key) => {
          const conversation = list.find((entry) => entry.id === key);
          if (conversation) onOpen(conversation);
        }}
        menu={(item) => ({
          items: [{ key: 'delete', label: TEXT.delete, icon: <DeleteOutlined />, danger: true }],
          trigger: <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${TEXT.more}：${String(item.label)}`} />,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            const conversation = list.find((entry) => entry.id === item.key);
            if (key === 'delete' && conversation) confirmDelete(conversation);
          },
        })}
      />
      {modalHolder}
    </div>
  );
}
