export { conversationRoutes } from './conversation.routes.js';
export { createConversationService, titleFrom, type ConversationService } from './conversation.service.js';
