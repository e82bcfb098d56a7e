export { createAgentChatService, type AgentChatService, type HeadlessResult } from './agent-chat.service.js';
export { agentChatRoutes } from './agent-chat.routes.js';
