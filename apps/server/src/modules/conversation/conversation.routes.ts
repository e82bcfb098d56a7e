import { conversationIdBody, listConversationsBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import type { ConversationService } from './conversation.service.js';

export function conversationRoutes(app: FastifyInstance, conversations: ConversationService): void {
  route(app, {
    url: '/user/list_history_conversations',
    access: 'user',
    body: listConversationsBody,
    handler: ({ user, body }) => conversations.listConversations(user.id, body),
  });
  route(app, {
    url: '/user/list_conversation_messages',
    access: 'user',
    body: conversationIdBody,
    handler: ({ user, body }) => conversations.listMessages(user.id, body.conversation_id),
  });
  route(app, {
    url: '/user/del_conversation',
    access: 'user',
    body: conversationIdBody,
    handler: ({ user, body }) => conversations.deleteConversation(user.id, body.conversation_id),
  });
}
