export { createAgentChatService, type AgentChatService } from './agent-chat.service.js';
export { agentChatRoutes } from './agent-chat.routes.js';
// For multi-agent chat, which runs each member as an agent.
export { agentEngineParts, type AgentEngineParts, type AgentSpecDeps } from './agent-spec.js';
export { agentSnapshotSchema } from './agent-run-input.js';
export { decisionFor, PAUSES_BY_DECISION, type DecisionBody } from './hitl-decisions.js';
