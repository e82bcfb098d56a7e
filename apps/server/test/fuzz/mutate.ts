import type { SchemaNode } from './generate.js';
import type { Random } from './random.js';

export const MUTATIONS = ['wrong type', 'boundary length', 'control characters', 'lone surrogate', 'huge number', 'extra fields', 'deep nesting', 'whole body'] as const;
export type Mutation = (typeof MUTATIONS)[number];

const WRONG_TYPES: unknown[] = [123, -1, 0.5, true, null, [], {}, 'text', [1, 'a'], { nested: { x: 1 } }];
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b[31m', '\u007f', 'a\u0000b', '\u000b\u000c'];
const SURROGATES = ['\ud800', '\udfff', 'a\ud83d', '\ude00b'];
const HUGE = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, 1e21, 2 ** 31, -(2 ** 31) - 1, 0.1 + 0.2];
const EXTRA: Record<string, unknown> = { owner_id: '00000000-0000-4000-8000-000000000001', role: 'admin', is_admin: true, created_at: '1970-01-01', __fuzz: 'x' };

/** Every path (as keys) to a value inside `value`, the value itself first. */
function pathsOf(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  const paths = [prefix];
  if (depth > 6 || value === null || typeof value !== 'object') return paths;
  for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...prefix, key], depth + 1));
  return paths;
}

function setAt(root: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) };
  const [head, ...rest] = path as [string, ...string[]];
  (copy as Record<string, unknown>)[head] = setAt((root as Record<string, unknown>)[head], rest, replacement);
  return copy;
}

const getAt = (root: unknown, path: string[]): unknown => path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], root);

function nested(depth: number, random: Random): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = random.chance(0.5) ? [value] : { a: value };
  return value;
}

/** The longest string the contract allows, one longer, or empty: where off-by-one rules break. */
function boundaryText(schema: SchemaNode, random: Random): string {
  const max = schema.maxLength ?? 200;
  return random.pick(['', 'x'.repeat(max), 'x'.repeat(max + 1), '字'.repeat(max + 1), ' '.repeat(3)]);
}

/** A copy of a valid body with one thing broken the way `mutation` says. */
export function mutate(body: unknown, schema: SchemaNode, mutation: Mutation, random: Random): unknown {
  const paths = pathsOf(body);
  const target = random.pick(paths.length > 1 ? paths.slice(1) : paths);
  const current = getAt(body, target);
  const fieldSchema = target.length === 1 ? (schema.properties?.[target[0]!] ?? {}) : {};
  switch (mutation) {
    case 'wrong type':
      return setAt(body, target, random.pick(WRONG_TYPES));
    case 'boundary length':
      return setAt(body, target, boundaryText(fieldSchema, random));
    case 'control characters':
      return setAt(body, target, `${typeof current === 'string' ? current : 'x'}${random.pick(CONTROL)}`);
    case 'lone surrogate':
      return setAt(body, target, `${typeof current === 'string' ? current : 'x'}${random.pick(SURROGATES)}`);
    case 'huge number':
      return setAt(body, target, random.pick(HUGE));
    case 'extra fields':
      return body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...EXTRA } : EXTRA;
    case 'deep nesting':
      return setAt(body, target, nested(random.int(50, 400), random));
    case 'whole body':
      return random.pick([null, 42, 'text', [], [body], '\u0000', true, { '': '' }]);
  }
}
