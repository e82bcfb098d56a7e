export { createKbChatService, type KbChatService } from './kb-chat.service.js';
export { kbChatRoutes } from './kb-chat.routes.js';
