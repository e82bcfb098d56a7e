export { builtinTools } from './builtin/index.js';
export { runTool, type ToolOutcome } from './run-tool.js';
export { defineTool, TOOL_NAME_PATTERN, ToolFailure, ToolInputError, type Tool, type ToolContext, type ToolResult } from './tool.js';
