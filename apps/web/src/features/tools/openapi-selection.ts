import type { CreateToolProviderBody, OpenApiOperation, OpenApiPreview } from '@agent-platform/contracts';
import { credentialOf, schemeOf, type CredentialDraft } from './provider-form';

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

interface ImportChoices {
  /** The document as parsed; `url` when it was fetched from there (the set then re-imports from it). */
  document: string;
  url?: string;
  title: string;
  serverUrl?: string;
  tags: string[];
  isPublic: boolean;
  credential: CredentialDraft;
}

/** The `/tool/provider/create` body: the chosen operations in the document's order, one scheme and credential for all. */
export function providerBody(operations: OpenApiOperation[], selected: string[], choices: ImportChoices): Partial<CreateToolProviderBody> {
  const chosen = new Set(selected);
  const serverUrl = choices.serverUrl?.trim() || undefined;
  const title = choices.title.trim() || undefined;
  const credential = credentialOf(choices.credential);
  return {
    ...(choices.url ? { url: choices.url } : { document: choices.document }),
    ...(title ? { title } : {}),
    operations: operations.filter((operation) => chosen.has(operation.key)).map((operation) => operation.key),
    ...(serverUrl ? { server_url: serverUrl } : {}),
    auth: schemeOf(choices.credential),
    credential_mode: choices.credential.mode,
    ...(credential ? { credential } : {}),
    tags: choices.tags,
    is_public: choices.isPublic,
  };
}
