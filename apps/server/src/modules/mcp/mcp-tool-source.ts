import { serviceToolConfig } from '@agent-platform/contracts';
import { AppError, parseInput, storedJson } from '../../core/index.js';
import { ToolFailure, type Tool } from '../../runtime/tools/index.js';
import type { ToolRow, ToolSource } from '../tool/index.js';
import type { McpCatalog } from './mcp-catalog.js';

export interface McpToolSourceDeps {
  catalog: McpCatalog;
  listTimeoutMs: number;
  callTimeoutMs: number;
}

/** Why a stored `service` tool cannot run now, in words for the model and the page. */
function unusable(row: ToolRow, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'NOT_FOUND') return new ToolFailure(`工具「${row.title}」使用的 MCP 服务已被删除或你无权使用，请编辑工具重新选择服务`);
  return new ToolFailure(error.message);
}

/**
 * `kind: service`: one function of an MCP service as a stored tool. Create and update check, as the
 * editor, that the service is visible and has the function, and store the function's input schema.
 *
 * Running looks the function up only when it is first called, as the caller (like `llm/kb`, a public
 * tool does not open its owner's private service to others): resolving an agent's tools never
 * connects, and a deleted or unreachable service fails that step with a Chinese message instead of
 * the whole run. A deleted service's tools stay (they may be other users' and named by agents) and
 * say why they cannot run.
 */
const storedConfig = storedJson('service tool config', { version: 1, schema: serviceToolConfig });

export function mcpToolSource({ catalog, listTimeoutMs, callTimeoutMs }: McpToolSourceDeps): ToolSource {
  // Connecting and listing are each bounded by the list timeout, the call by its own; a little over.
  const timeoutMs = 2 * listTimeoutMs + callTimeoutMs + 1000;
  return {
    storedConfig,
    async prepare(viewer, { config }) {
      const parsed = parseInput(serviceToolConfig, config);
      const [fn] = await catalog.toolsOf(viewer, parsed.service_id, [parsed.function]);
      return { inputSchema: fn!.inputSchema, config: parsed };
    },

    toTool(viewer, row) {
      const config = storedConfig.read(row.config);
      let live: Tool | undefined;
      async function liveTool(): Promise<Tool> {
        try {
          live ??= (await catalog.toolsOf(viewer, config.service_id, [config.function]))[0]!;
          return live;
        } catch (error) {
          throw unusable(row, error);
        }
      }
      return {
        name: row.name,
        title: row.title,
        description: row.description || `MCP 服务函数 ${config.function}`,
        inputSchema: row.inputSchema,
        timeoutMs,
        // Checked against the service's current schema once it is known, in `execute`.
        parseInput: (input) => input ?? {},
        async execute(input, context) {
          const fn = await liveTool();
          return fn.execute(fn.parseInput(input), context);
        },
      };
    },
  };
}
