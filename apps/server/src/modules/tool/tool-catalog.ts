import type { ToolUseBody, ToolUseResult } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { canSee, type Viewer } from '../../core/index.js';
import { runTool, type Tool } from '../../runtime/tools/index.js';
import type { RemovedThings } from '../topology/index.js';
import { toolNotFound } from './tool.errors.js';
import { findToolsByIds } from './tool.repo.js';
import { isToolId } from './tool.service.js';
import type { ToolSources } from './tool-sources.js';

/** What the agent engine asks for: runnable tools by built-in name or tool id. */
export interface ToolCatalog {
  /** In the order asked; 40401 for an unknown id or one the viewer may not use. */
  resolveTools(viewer: Viewer, ids: string[]): Promise<Tool[]>;
  /**
   * An agent's tools for a run: the ones the viewer may use, and a Chinese note for each one that is
   * gone (deleted, or no longer public), naming it, instead of refusing the run.
   */
  resolveAgentTools(viewer: Viewer, ids: string[]): Promise<{ tools: Tool[]; unavailable: string[] }>;
  /** `/tool/tool_use`: one run with the given input, as an agent step would run it. */
  use(viewer: Viewer, body: ToolUseBody): Promise<ToolUseResult>;
}

/** One asked tool: runnable, or why not (in Chinese, naming it). */
type Looked = { tool: Tool } | { gone: string };

export function createToolCatalog({ db, sources, builtins, removed }: { db: Db; sources: ToolSources; builtins: Tool[]; removed: RemovedThings }): ToolCatalog {
  async function lookUp(viewer: Viewer, ids: string[]): Promise<Looked[]> {
    const rows = new Map((await findToolsByIds(db, [...new Set(ids.filter(isToolId))])).map((row) => [row.id, row]));
    const missing = ids.filter((id) => isToolId(id) && !rows.has(id));
    const removedNames = missing.length > 0 ? await removed.namesOf('tool', missing) : new Map<string, string>();
    const looked: Looked[] = [];
    for (const id of ids) {
      const builtin = builtins.find((tool) => tool.name === id);
      const row = rows.get(id);
      const source = row ? sources.get(row.kind) : undefined;
      if (builtin) looked.push({ tool: builtin });
      else if (!row) looked.push({ gone: removedNames.has(id) ? `工具「${removedNames.get(id)}」已被删除` : `工具（${id}）已不存在` });
      else if (!canSee(viewer, row)) looked.push({ gone: `工具「${row.title}」已不再公开` });
      else if (!source) looked.push({ gone: `工具「${row.title}」的类型已不受支持` });
      else looked.push({ tool: await source.toTool(viewer, row, { isAdmin: row.ownerIsAdmin }) });
    }
    return looked;
  }

  async function resolveTools(viewer: Viewer, ids: string[]): Promise<Tool[]> {
    return (await lookUp(viewer, ids)).map((looked) => {
      if ('gone' in looked) throw toolNotFound();
      return looked.tool;
    });
  }

  return {
    resolveTools,
    async resolveAgentTools(viewer, ids) {
      const looked = await lookUp(viewer, ids);
      return { tools: looked.flatMap((one) => ('tool' in one ? [one.tool] : [])), unavailable: looked.flatMap((one) => ('gone' in one ? [one.gone] : [])) };
    },
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
