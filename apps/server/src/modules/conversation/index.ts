export { conversationRoutes } from './conversation.routes.js';
export type { MessageMeta } from './message-meta.js';
export { createConversationService, titleFrom, type ConversationService } from './conversation.service.js';
export { cleanTitle, createTitleWriter, TITLE_MARKER, type AskModel, type TitleWriter } from './conversation-titles.js';
