// Published agents and multi-agent setups served as MCP servers (docs/mcp-serving.md).
export { createAgentMcp, type AgentMcp } from './agent-mcp.service.js';
export { agentMcpRoutes } from './agent-mcp.routes.js';
