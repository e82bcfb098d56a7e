import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Random } from './random.js';

/** A JSON Schema node as `z.toJSONSchema` writes one (only what the generator reads). */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Real things of the test's users, so that generated ids and names sometimes hit something (theirs or another's). */
export interface ValuePool {
  ids: string[];
  names: string[];
}

/** The contract as JSON Schema of its input; a schema zod cannot describe becomes "anything". */
export function schemaOf(contract: z.ZodType | undefined): SchemaNode {
  if (!contract) return {};
  try {
    return z.toJSONSchema(contract, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
  } catch {
    return {};
  }
}

const SAMPLE_TEXT = ['测试', 'fuzz', '知识库', 'hello world', '你好，世界', 'a_b-c.d', '13800001234'];

/** A value the contract should accept (best effort: patterns and cross-field rules are not solved). */
export function generateValid(node: SchemaNode, random: Random, pool: ValuePool, key = '', depth = 0): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return random.pick(node.enum);
  const choices = node.anyOf ?? node.oneOf;
  if (choices?.length) return generateValid(random.pick(choices), random, pool, key, depth);
  if (node.allOf?.length) return generateValid(node.allOf[0]!, random, pool, key, depth);
  const type = Array.isArray(node.type) ? random.pick(node.type.filter((t) => t !== 'null')) : node.type;
  switch (type) {
    case 'object':
      return generateObject(node, random, pool, depth);
    case 'array': {
      const item = Array.isArray(node.items) ? node.items[0] : node.items;
      const count = random.int(node.minItems ?? 0, Math.min(node.maxItems ?? 3, (node.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => generateValid(item ?? {}, random, pool, key, depth + 1));
    }
    case 'string':
      return generateString(node, random, pool, key);
    case 'integer':
    case 'number': {
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 0);
      const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : min + 100);
      const value = min + random.next() * (max - min);
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return node.default !== undefined ? node.default : random.pick(SAMPLE_TEXT);
  }
}

function generateObject(node: SchemaNode, random: Random, pool: ValuePool, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const required = new Set(node.required ?? []);
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (required.has(name) || random.chance(0.6)) result[name] = generateValid(child, random, pool, name, depth + 1);
  }
  return result;
}

function generateString(node: SchemaNode, random: Random, pool: ValuePool, key: string): string {
  if (node.format === 'uuid' || /(^|_)id$/.test(key)) return random.chance(0.8) && pool.ids.length ? random.pick(pool.ids) : randomUUID();
  if (node.format === 'uri' || node.format === 'url' || /url$/.test(key)) return 'http://127.0.0.1:9/fuzz';
  // A datasource's host: only ever this machine (an administrator's connection is not held to private addresses).
  if (key === 'host') return '127.0.0.1';
  if (/name$/.test(key) && pool.names.length && random.chance(0.5)) return random.pick(pool.names);
  if (node.pattern && /1\[3-9\]/.test(node.pattern)) return `138${String(random.int(10_000_000, 99_999_999))}`;
  const min = node.minLength ?? 1;
  const max = Math.min(node.maxLength ?? 30, min + 30);
  let text = random.pick(SAMPLE_TEXT);
  while (text.length < min) text += text;
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}
