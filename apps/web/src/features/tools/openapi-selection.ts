import type { CreateToolBody, OpenApiOperation, OpenApiPreview } from '@agent-platform/contracts';

/** Everything is chosen at first: most imports want the whole document. */
export function initialSelection(operations: OpenApiOperation[]): string[] {
  return operations.map((operation) => operation.key);
}

/** The document gives no absolute server address: the form asks for one. */
export function needsServerUrl(preview: Pick<OpenApiPreview, 'servers'>): boolean {
  return !preview.servers.some((server) => /^https?:\/\//i.test(server));
}

/** Names chosen more than once (two operations giving the same tool name): the second would be refused. */
export function duplicateNames(operations: OpenApiOperation[], selected: string[]): string[] {
  const chosen = new Set(selected);
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const operation of operations.filter((item) => chosen.has(item.key))) {
    const name = operation.name.toLowerCase();
    if (seen.has(name)) duplicates.add(operation.name);
    seen.add(name);
  }
  return [...duplicates];
}

interface ImportShared {
  document: string;
  serverUrl?: string;
  tags: string[];
  isPublic: boolean;
}

/** One `/tool/create` body per chosen operation, in the document's order. */
export function importBodies(operations: OpenApiOperation[], selected: string[], shared: ImportShared): CreateToolBody[] {
  const chosen = new Set(selected);
  const serverUrl = shared.serverUrl?.trim() || undefined;
  return operations
    .filter((operation) => chosen.has(operation.key))
    .map((operation) => ({
      kind: 'llm',
      tags: shared.tags,
      is_public: shared.isPublic,
      openapi: { document: shared.document, operation: operation.key, ...(serverUrl ? { server_url: serverUrl } : {}) },
    }));
}
