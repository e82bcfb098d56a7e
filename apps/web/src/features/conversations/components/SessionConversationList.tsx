import type { ConversationInfo, ConversationKind } from '@agent-platform/contracts';
import { ConversationList } from './ConversationList';

/** What a chat page's controller offers the list: the open conversation, and how to open or start one. */
export interface ConversationController {
  session: { conversationId: string | null; isRunning: boolean };
  openConversation: (conversation: ConversationInfo) => Promise<unknown> | void;
  newConversation: () => void;
}

/** The conversation list of a one-session chat page: opening, starting and deleting go through its controller. */
export function SessionConversationList({ kind, chat }: { kind: ConversationKind; chat: ConversationController }) {
  return (
    <ConversationList
      kind={kind}
      activeId={chat.session.conversationId}
      onOpen={(conversation) => void chat.openConversation(conversation)}
      onNew={chat.newConversation}
      onDeletedActive={chat.newConversation}
      disabled={chat.session.isRunning}
    />
  );
}
