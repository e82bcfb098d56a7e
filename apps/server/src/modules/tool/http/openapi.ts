import type { HttpToolConfig, OpenApiOperation, OpenApiPreview, ToolParamLocation } from '@agent-platform/contracts';
import { TOOL_HTTP_DEFAULTS, TOOL_HTTP_METHODS } from '@agent-platform/contracts';
import { parse as parseYaml } from 'yaml';
import { badInput } from '../../../core/index.js';
import { authSchemeOf } from './security-schemes.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const MAX_REF_DEPTH = 20;

/** An operation ready to become a tool: its input schema and how each property maps onto the request. */
export interface ImportedOperation extends OpenApiOperation {
  description: string;
  params: Record<string, ToolParamLocation>;
}

export interface ParsedOpenApi extends OpenApiPreview {
  operations: ImportedOperation[];
}

function readDocument(text: string): Json {
  let value: unknown;
  try {
    value = text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch {
    throw badInput('OpenAPI 文档不是有效的 JSON 或 YAML');
  }
  if (!isObject(value)) throw badInput('OpenAPI 文档不是有效的 JSON 或 YAML');
  if (typeof value.openapi !== 'string' || !value.openapi.startsWith('3.')) throw badInput('只支持 OpenAPI 3.x 文档（缺少 openapi: 3.x 字段）');
  if (!isObject(value.paths)) throw badInput('OpenAPI 文档中没有 paths');
  return value;
}

/** Inlines local `$ref`s (`#/components/...`); a cycle or a missing target ends as an empty schema. */
function dereference(document: Json, value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => dereference(document, item, depth));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    if (depth >= MAX_REF_DEPTH || !value.$ref.startsWith('#/')) return {};
    const target = value.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
    return dereference(document, target ?? {}, depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dereference(document, item, depth)]));
}

/** `getUser`, or `get_users_id` from the method and path: fitted to OpenAI function names. */
export function toolNameOf(operationId: string | null, method: string, path: string): string {
  const raw = operationId ?? `${method} ${path}`;
  const name = raw
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return name || method.toLowerCase();
}

/**
 * A `security` list that asks for nothing: empty, or only empty requirements (`{}`: anonymous allowed).
 * Absent (neither the operation nor the document says) is not anonymous: the set's credential is sent.
 */
const asksNoCredential = (security: unknown) => Array.isArray(security) && security.every((requirement) => isObject(requirement) && Object.keys(requirement).length === 0);

function operationOf(document: Json, path: string, method: string, operation: Json, shared: unknown[]): ImportedOperation {
  const properties: Json = {};
  const required: string[] = [];
  const params: Record<string, ToolParamLocation> = {};
  const parameters = [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])].map((p) => dereference(document, p));
  for (const parameter of parameters) {
    if (!isObject(parameter) || typeof parameter.name !== 'string') continue;
    const location = parameter.in === 'path' || parameter.in === 'query' || parameter.in === 'header' ? parameter.in : undefined;
    if (!location) continue; // cookies are not sent by tools
    properties[parameter.name] = { ...(isObject(parameter.schema) ? parameter.schema : { type: 'string' }), ...(parameter.description ? { description: parameter.description } : {}) };
    params[parameter.name] = location;
    if (parameter.required === true || location === 'path') required.push(parameter.name);
  }
  const body = dereference(document, operation.requestBody);
  const content = isObject(body) && isObject(body.content) ? body.content : {};
  const media = isObject(content['application/json']) ? content['application/json'] : Object.values(content).find(isObject);
  const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
  if (schema) {
    const fields = isObject(schema.properties) ? schema.properties : undefined;
    const clash = fields && Object.keys(fields).some((name) => name in properties);
    if (fields && (schema.type === undefined || schema.type === 'object') && !clash) {
      Object.assign(properties, fields);
      for (const name of Object.keys(fields)) params[name] = 'body';
      if (Array.isArray(schema.required)) required.push(...schema.required.filter((name): name is string => typeof name === 'string'));
    } else {
      properties.body = schema;
      params.body = 'body_whole';
      if (isObject(body) && body.required === true) required.push('body');
    }
  }
  const operationId = typeof operation.operationId === 'string' ? operation.operationId : null;
  const upper = method.toUpperCase();
  return {
    key: operationId ?? `${upper} ${path}`,
    method: upper,
    path,
    operation_id: operationId,
    name: toolNameOf(operationId, upper, path),
    summary: String(operation.summary ?? ''),
    description: String(operation.description ?? operation.summary ?? ''),
    input_schema: { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) },
    anonymous: asksNoCredential(operation.security ?? document.security),
    params,
  };
}

/** The operations of an OpenAPI 3 document (JSON or YAML), each with an input schema built from its parameters and body. */
export function parseOpenApi(text: string): ParsedOpenApi {
  const document = readDocument(text);
  const operations: ImportedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Json)) {
    const pathItem = dereference(document, item);
    if (!isObject(pathItem)) continue;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of TOOL_HTTP_METHODS) {
      const operation = pathItem[method.toLowerCase()];
      if (isObject(operation)) operations.push(operationOf(document, path, method, operation, shared));
    }
  }
  if (operations.length === 0) throw badInput('OpenAPI 文档中没有可导入的接口（支持 GET、POST、PUT、PATCH、DELETE）');
  const info = isObject(document.info) ? document.info : {};
  const servers = (Array.isArray(document.servers) ? document.servers : [])
    .filter(isObject)
    .map((server) => String(server.url ?? ''))
    .filter(Boolean);
  const { auth, notes } = authSchemeOf(document, (value) => dereference(document, value));
  return { title: String(info.title ?? ''), version: String(info.version ?? ''), servers, operations, auth, auth_notes: notes };
}

/** The base address operations are called at: `serverUrl`, else the document's first absolute server. */
export function serverUrlOf(parsed: Pick<ParsedOpenApi, 'servers'>, serverUrl?: string): string {
  const base = serverUrl || parsed.servers.find((server) => /^https?:\/\//i.test(server));
  if (!base) throw badInput('OpenAPI 文档中没有完整的服务地址（servers），请填写服务地址');
  if (!/^https?:\/\//i.test(base)) throw badInput('服务地址必须以 http:// 或 https:// 开头');
  return base.replace(/\/+$/, '');
}

/** The HTTP tool config of one operation: the server address (see `serverUrlOf`) joined with its path. */
export function httpConfigOf(parsed: ParsedOpenApi, operation: ImportedOperation, serverUrl?: string): HttpToolConfig {
  const base = serverUrlOf(parsed, serverUrl);
  return {
    method: operation.method as HttpToolConfig['method'],
    url: `${base}${operation.path}`,
    headers: {},
    params: operation.params,
    auth: { type: 'none' },
    ...(operation.anonymous ? { anonymous: true } : {}),
    timeout_ms: TOOL_HTTP_DEFAULTS.timeout_ms,
  };
}
