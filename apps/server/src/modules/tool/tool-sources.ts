import type { ToolKind } from '@agent-platform/contracts';
import type { StoredJson, Viewer } from '../../core/index.js';
import type { Tool, ToolContext, ToolResult } from '../../runtime/tools/index.js';
import { compileInputSchema, jsonSchemaParser } from './json-input.js';
import { badInputSchema } from './tool.errors.js';
import type { ToolRow } from './tool.repo.js';

/** What create and update store for a tool, after its kind checked it. */
export interface PreparedTool {
  inputSchema: Record<string, unknown>;
  config: Record<string, unknown>;
  /** `undefined` keeps the stored secret, `null` clears it. */
  secretSealed?: string | null;
}

export interface ToolDraft {
  config: Record<string, unknown>;
  inputSchema?: Record<string, unknown>;
  /** The stored tool, on update. */
  stored?: ToolRow;
}

/**
 * One kind of stored tool. Register a source for a kind (e.g. `service` from the MCP module) and
 * create, lists, `tool_use` and agents handle it without changes here.
 */
export interface ToolSource {
  /** The kind's stored `config`: its versioned schema, read back with it and written stamped by it. */
  storedConfig: StoredJson<Record<string, unknown>>;
  /** Checks a config from create or update (Chinese AppError when it does not fit) and gives what to store. */
  prepare(viewer: Viewer, draft: ToolDraft): Promise<PreparedTool>;
  /** The config as answered: secrets masked. Default: the stored config as read. */
  show?(row: ToolRow): Record<string, unknown>;
  /** The runnable tool for this viewer (`owner.isAdmin`: an administrator's tool may reach its configured private host). */
  toTool(viewer: Viewer, row: ToolRow, owner: { isAdmin: boolean }): Tool | Promise<Tool>;
}

export type ToolSources = Map<ToolKind, ToolSource>;

/** A stored tool's input schema must compile and describe an object. */
export function checkedInputSchema(schema: Record<string, unknown>) {
  if (schema.type !== 'object') throw badInputSchema();
  const validate = compileInputSchema(schema);
  if (!validate) throw badInputSchema();
  return validate;
}

/** A runnable tool from a row: its input checked against the stored JSON Schema. */
export function rowTool(row: ToolRow, spec: { timeoutMs?: number; execute(input: Record<string, unknown>, context: ToolContext): Promise<ToolResult> }): Tool {
  const validate = compileInputSchema(row.inputSchema);
  if (!validate) throw new Error(`tool ${row.id} has an input schema that does not compile`);
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    inputSchema: row.inputSchema,
    timeoutMs: spec.timeoutMs,
    parseInput: jsonSchemaParser(validate),
    execute: (input, context) => spec.execute(input as Record<string, unknown>, context),
  };
}
