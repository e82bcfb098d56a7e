import { z } from 'zod';
import type { Viewer } from '../../core/index.js';

/** What a tool gets besides its input: who the run is for, and a signal that stops it. */
export interface ToolContext {
  viewer: Viewer;
  signal: AbortSignal;
}

/** What the model sees (already bounded) and, for the page, anything structured. */
export interface ToolResult {
  output: string;
  data?: unknown;
}

/**
 * One thing an agent can do. Built-in tools, custom HTTP tools and MCP functions all implement it, so
 * the engine runs any of them the same way.
 */
export interface Tool {
  /** The function name the model calls: letters, digits, `_` and `-`, at most 64. */
  name: string;
  /** Chinese name for pages and step cards. */
  title: string;
  description: string;
  /** JSON Schema of the input object. */
  inputSchema: Record<string, unknown>;
  /** Default per-call limit; the engine may lower it. */
  timeoutMs?: number;
  /** Checks the model's input; throws `ToolInputError` with a Chinese message when it does not fit. */
  parseInput(input: unknown): unknown;
  execute(input: unknown, context: ToolContext): Promise<ToolResult>;
}

/** The model gave input the tool cannot use; the message goes back to the model so it can fix it. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

/** A tool ran and failed in a way the model (and the person) should be told about, in Chinese. */
export class ToolFailure extends Error {
  override name = 'ToolFailure';
}

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Each input schema's JSON Schema, derived once: tools defined per turn (a multi-agent setup's handoff
 * and delegation tools) share their zod schema, and deriving it was a visible part of a turn's CPU.
 */
const jsonSchemas = new WeakMap<z.ZodObject, Record<string, unknown>>();

function jsonSchemaOf(schema: z.ZodObject): Record<string, unknown> {
  let derived = jsonSchemas.get(schema);
  if (!derived) {
    const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
    derived = inputSchema;
    jsonSchemas.set(schema, derived);
  }
  return derived;
}

/** A tool whose input is a zod object: the JSON Schema is derived from it, and input is parsed by it. */
export function defineTool<Schema extends z.ZodObject>(spec: {
  name: string;
  title: string;
  description: string;
  input: Schema;
  timeoutMs?: number;
  execute(input: z.infer<Schema>, context: ToolContext): Promise<ToolResult>;
}): Tool {
  if (!TOOL_NAME_PATTERN.test(spec.name)) throw new Error(`invalid tool name ${spec.name}`);
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: jsonSchemaOf(spec.input),
    timeoutMs: spec.timeoutMs,
    parseInput(input) {
      const parsed = spec.input.safeParse(input ?? {});
      if (!parsed.success) throw new ToolInputError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '输入'}：${issue.message}`).join('；'));
      return parsed.data;
    },
    execute: (input, context) => spec.execute(input as z.infer<Schema>, context),
  };
}
