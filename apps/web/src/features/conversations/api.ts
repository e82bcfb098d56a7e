import type { ConversationInfo, ListConversationsBody, MessageInfo, Page } from '@agent-platform/contracts';
import { http } from '../../lib/http';

export function listConversations(body: ListConversationsBody): Promise<Page<ConversationInfo>> {
  return http.post<Page<ConversationInfo>>('/user/list_history_conversations', body);
}

export function listConversationMessages(conversationId: string): Promise<MessageInfo[]> {
  return http.post<MessageInfo[]>('/user/list_conversation_messages', { conversation_id: conversationId });
}

export function deleteConversation(conversationId: string): Promise<null> {
  return http.post<null>('/user/del_conversation', { conversation_id: conversationId });
}
