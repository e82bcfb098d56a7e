import { badInput, type Viewer } from '../../../core/index.js';
import type { Db } from '../../../platform/db/index.js';
import { httpConfigOf, type ImportedOperation, type ParsedOpenApi } from '../http/openapi.js';
import { builtinNameTaken, toolNameTaken } from '../tool.errors.js';
import * as tools from '../tool.repo.js';
import type { ToolSource } from '../tool-sources.js';

/** One operation checked by the HTTP tool kind, ready to store. */
interface PreparedOperation {
  operation: ImportedOperation;
  config: Record<string, unknown>;
  inputSchema: Record<string, unknown>;
}

/** The chosen operations of a document; a key the document lacks is refused by name. */
export function chosenOperations(parsed: ParsedOpenApi, keys: string[] | undefined): ImportedOperation[] {
  if (!keys) return parsed.operations;
  const byKey = new Map(parsed.operations.map((operation) => [operation.key, operation]));
  return [...new Set(keys)].map((key) => {
    const operation = byKey.get(key);
    if (!operation) throw badInput(`OpenAPI 文档中没有接口「${key}」`);
    return operation;
  });
}

/** Each operation's HTTP config checked as a hand-made API tool's would be; names that built-in tools use are refused. */
export async function prepareOperations(
  viewer: Viewer,
  http: ToolSource,
  builtinNames: Set<string>,
  parsed: ParsedOpenApi,
  operations: ImportedOperation[],
  serverUrl: string,
): Promise<PreparedOperation[]> {
  const prepared: PreparedOperation[] = [];
  for (const operation of operations) {
    if (builtinNames.has(operation.name.toLowerCase())) throw builtinNameTaken(operation.name);
    const checked = await http.prepare(viewer, { config: httpConfigOf(parsed, operation, serverUrl), inputSchema: operation.input_schema });
    prepared.push({ operation, config: http.storedConfig.write(checked.config), inputSchema: checked.inputSchema });
  }
  return prepared;
}

/** Stores new operations of a set as its tools (in the caller's transaction); a name the owner already uses is refused. */
export async function insertOperations(tx: Db, owner: { ownerId: string; providerId: string; isPublic: boolean; tags: string[] }, operations: PreparedOperation[]): Promise<void> {
  for (const { operation, config, inputSchema } of operations) {
    const row = await tools.insertTool(tx, {
      ownerId: owner.ownerId,
      providerId: owner.providerId,
      operationKey: operation.key,
      kind: 'llm',
      name: operation.name,
      title: operation.summary || operation.name,
      description: operation.description,
      tags: owner.tags,
      isPublic: owner.isPublic,
      inputSchema,
      config,
      secretSealed: null,
    });
    if (!row) throw toolNameTaken(operation.name);
  }
}

/** Existing tools take the new request and input; their names, titles and tags (perhaps edited) stay. */
export async function updateOperations(tx: Db, existing: Map<string, tools.ToolListRow>, operations: PreparedOperation[]): Promise<void> {
  for (const { operation, config, inputSchema } of operations) {
    const row = existing.get(operation.key)!;
    await tools.updateTool(tx, row.id, { config, inputSchema, description: operation.description || row.description });
  }
}
