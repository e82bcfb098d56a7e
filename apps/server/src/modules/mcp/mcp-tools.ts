import type { McpFunctionInfo } from '@agent-platform/contracts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { z } from 'zod';
import { ToolFailure, ToolInputError, type Tool } from '../../runtime/tools/index.js';
import { contentText } from './mcp-functions.js';
import type { PooledConfig } from './mcp-pool.js';
import { describeFailure, McpUnavailable } from './mcp-failures.js';
import type { McpPool } from './mcp-pool.js';

const TIMEOUT_GRACE_MS = 1000;

/** ajv's error in Chinese for the keywords schemas mostly use; its own text for the rest. */
function describeSchemaError(error: ErrorObject): string {
  const at = error.instancePath.slice(1).replace(/\//g, '.') || '输入';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `缺少必填字段 ${String(params.missingProperty)}`;
    case 'type':
      return `${at} 应为 ${String(params.type)} 类型`;
    case 'enum':
      return `${at} 应为以下值之一：${(params.allowedValues as unknown[]).map(String).join('、')}`;
    case 'additionalProperties':
      return `${at} 不允许有字段 ${String(params.additionalProperty)}`;
    default:
      return `${at} 不符合要求（${error.message ?? error.keyword}）`;
  }
}

/** An MCP call's arguments: a JSON object (checked again against the function's own schema). */
const callArguments = z.record(z.string(), z.unknown());

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });

/** Compiled once per schema text: the same function is adapted on every agent step. */
const validators = new Map<string, ValidateFunction | null>();
function validatorOf(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema);
  if (!validators.has(key)) {
    if (validators.size > 500) validators.clear();
    try {
      validators.set(key, ajv.compile(schema));
    } catch {
      validators.set(key, null); // a schema ajv cannot compile: the service itself checks the input
    }
  }
  return validators.get(key) ?? null;
}

/**
 * The tool name the model sees: `mcp_<8 hex of the service id>_<function>`. Services are chosen per
 * agent and two may well both have a `search`; the prefix keeps them apart and never clashes with
 * built-in or custom tool names, and it stays the same for the same service across runs.
 */
export function toolNameOf(serviceId: string, functionName: string): string {
  const safe = functionName.replace(/[^a-zA-Z0-9_-]/g, '_');
  return `mcp_${serviceId.replace(/-/g, '').slice(0, 8)}_${safe}`.slice(0, 64);
}

export interface McpToolOptions {
  pool: McpPool;
  config: PooledConfig;
  serviceId: string;
  callTimeoutMs: number;
  maxOutputChars: number;
  /** The service could not be reached for a call: marks it down (agent turns skip it for a while). */
  unreachable?(message: string): Promise<void>;
}

/** One MCP function as a `Tool`: input checked against its JSON Schema, the call through the pool. */
export function toTool(fn: McpFunctionInfo, { pool, config, serviceId, callTimeoutMs, maxOutputChars, unreachable }: McpToolOptions): Tool {
  const validate = validatorOf(fn.input_schema);
  const title = `${config.name} / ${fn.title || fn.name}`;
  return {
    name: toolNameOf(serviceId, fn.name),
    title,
    description: fn.description ? `${fn.description}（MCP 服务「${config.name}」）` : `MCP 服务「${config.name}」的函数 ${fn.name}`,
    inputSchema: fn.input_schema,
    // A little over the MCP request's own limit, so the clearer "服务响应超时" wins the race in runTool.
    timeoutMs: callTimeoutMs + TIMEOUT_GRACE_MS,
    parseInput(input) {
      const value = callArguments.safeParse(input ?? {});
      if (!value.success) throw new ToolInputError('输入必须是 JSON 对象');
      if (validate && !validate(value.data)) {
        throw new ToolInputError((validate.errors ?? []).map(describeSchemaError).join('；'));
      }
      return value.data;
    },
    async execute(input, { signal }) {
      // What parseInput returned: an object, parsed once more for its type.
      const args = callArguments.parse(input);
      try {
        const result = await pool.use(config, (client) => client.callTool({ name: fn.name, arguments: args }, undefined, { timeout: callTimeoutMs, signal }));
        const output = contentText(result.content as never, result.structuredContent, maxOutputChars);
        if (result.isError) throw new ToolFailure(`MCP 服务「${config.name}」的函数 ${fn.name} 返回错误：${output || '（无说明）'}`);
        return { output, ...(result.structuredContent === undefined ? {} : { data: result.structuredContent }) };
      } catch (error) {
        if (signal.aborted || error instanceof ToolFailure) throw error;
        const failure = describeFailure(config.name, error, callTimeoutMs);
        // The pool gives McpUnavailable only when no connection could be made (refused, or no handshake in time): down, not a slow call.
        if (error instanceof McpUnavailable) await unreachable?.(failure.message).catch(() => undefined);
        throw new ToolFailure(failure.message);
      }
    },
  };
}
