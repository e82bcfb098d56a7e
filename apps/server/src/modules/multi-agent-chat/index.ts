export { createMaChatService, type MaChatService } from './ma-chat.service.js';
export { maChatRoutes } from './ma-chat.routes.js';
