/** The call page's form, built from a tool's input JSON Schema (pure: tested without a browser). */

export type SchemaFieldType = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'object' | 'array' | 'json';

export interface SchemaField {
  name: string;
  /** The schema's title, else the property name. */
  label: string;
  description: string;
  type: SchemaFieldType;
  required: boolean;
  options: Array<string | number | boolean>;
  /** The form's starting value: JSON text for object, array and json fields. */
  initial: unknown;
}

type JsonSchema = Record<string, unknown>;

const isRecord = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `["string", "null"]` → `string`; a schema without a known type takes any JSON. */
function fieldType(schema: JsonSchema): SchemaFieldType {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null');
  const [type] = types;
  if (types.length === 1 && (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean' || type === 'object' || type === 'array')) return type;
  return 'json';
}

const isJsonType = (type: SchemaFieldType) => type === 'object' || type === 'array' || type === 'json';

function initialOf(type: SchemaFieldType, schema: JsonSchema): unknown {
  const fallback = schema.default;
  if (isJsonType(type)) return fallback === undefined ? '' : JSON.stringify(fallback, null, 2);
  if (type === 'boolean') return typeof fallback === 'boolean' ? fallback : false;
  return fallback;
}

/** One field per property of an object schema, required ones first in their own order. */
export function schemaFields(schema: Record<string, unknown> | null | undefined): SchemaField[] {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as unknown[]).filter((name): name is string => typeof name === 'string') : []);
  const fields = Object.entries(properties).map(([name, raw]): SchemaField => {
    const property = isRecord(raw) ? raw : {};
    const type = fieldType(property);
    return {
      name,
      label: typeof property.title === 'string' && property.title ? property.title : name,
      description: typeof property.description === 'string' ? property.description : '',
      type,
      required: required.has(name),
      options: type === 'enum' ? (property.enum as Array<string | number | boolean>) : [],
      initial: initialOf(type, property),
    };
  });
  return [...fields.filter((field) => field.required), ...fields.filter((field) => !field.required)];
}

export function initialInputValues(fields: SchemaField[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field.initial !== undefined).map((field) => [field.name, field.initial]));
}

export type JsonCheck = { ok: true; value: unknown } | { ok: false; reason: 'invalid' | 'not_object' | 'not_array' };

/** A JSON field's text: parsed and checked against the field's type. */
export function parseJsonField(type: SchemaFieldType, text: string): JsonCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (type === 'object' && !isRecord(value)) return { ok: false, reason: 'not_object' };
  if (type === 'array' && !Array.isArray(value)) return { ok: false, reason: 'not_array' };
  return { ok: true, value };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The tool's input from the form's values: blank optional fields are left out, JSON fields parsed
 * (the form's rules have checked them), booleans always sent.
 */
export function toToolInput(fields: SchemaField[], values: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'boolean') {
      input[field.name] = value === true;
      continue;
    }
    if (isBlank(value)) continue;
    if (isJsonType(field.type)) {
      const parsed = parseJsonField(field.type, String(value));
      if (parsed.ok) input[field.name] = parsed.value;
      continue;
    }
    input[field.name] = value;
  }
  return input;
}

/** Output shown as pretty JSON when it is JSON, as it is otherwise. */
export function prettyOutput(output: string): { text: string; json: boolean } {
  const trimmed = output.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { text: output, json: false };
  try {
    return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true };
  } catch {
    return { text: output, json: false };
  }
}
