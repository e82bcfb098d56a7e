import type { ToolUseBody, ToolUseResult } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { canSee, type Viewer } from '../../core/index.js';
import { runTool, type Tool } from '../../runtime/tools/index.js';
import { toolNotFound } from './tool.errors.js';
import { findToolsByIds } from './tool.repo.js';
import { isToolId } from './tool.service.js';
import type { ToolSources } from './tool-sources.js';

/** What the agent engine asks for: runnable tools by built-in name or tool id. */
export interface ToolCatalog {
  /** In the order asked; 40401 for an unknown id or one the viewer may not use. */
  resolveTools(viewer: Viewer, ids: string[]): Promise<Tool[]>;
  /** `/tool/tool_use`: one run with the given input, as an agent step would run it. */
  use(viewer: Viewer, body: ToolUseBody): Promise<ToolUseResult>;
}

export function createToolCatalog({ db, sources, builtins }: { db: Db; sources: ToolSources; builtins: Tool[] }): ToolCatalog {
  async function resolveTools(viewer: Viewer, ids: string[]): Promise<Tool[]> {
    const rows = new Map((await findToolsByIds(db, [...new Set(ids.filter(isToolId))])).map((row) => [row.id, row]));
    const resolved: Tool[] = [];
    for (const id of ids) {
      const builtin = builtins.find((tool) => tool.name === id);
      if (builtin) {
        resolved.push(builtin);
        continue;
      }
      const row = rows.get(id);
      const source = row ? sources.get(row.kind) : undefined;
      if (!row || !source || !canSee(viewer, row)) throw toolNotFound();
      resolved.push(await source.toTool(viewer, row));
    }
    return resolved;
  }

  return {
    resolveTools,
    async use(viewer, { id, input }) {
      const [tool] = await resolveTools(viewer, [id]);
      // No caller's limit here (the page waits): the tool's own time limit still applies.
      const outcome = await runTool(tool!, input, { viewer, signal: new AbortController().signal });
      return {
        output: outcome.output,
        ...(outcome.data === undefined ? {} : { data: outcome.data }),
        ...(outcome.error ? { error: outcome.error } : {}),
        duration_ms: outcome.durationMs,
      };
    },
  };
}
