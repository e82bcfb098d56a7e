import type { McpPromptInfo, McpResourceInfo } from '@agent-platform/contracts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** Pages followed and items kept at most: a service offering more is misbehaving. */
const MAX_PAGES = 10;
const MAX_ITEMS = 500;

async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && items.length < MAX_ITEMS; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return items.slice(0, MAX_ITEMS);
}

/**
 * The resources and prompts a connected service offers, through the official SDK client's
 * `resources/list` and `prompts/list`; a capability the service does not declare is an empty list
 * (asking would be a protocol error). Each request is bounded by `timeoutMs`.
 */
export async function listResourcesAndPrompts(client: Client, timeoutMs: number): Promise<{ resources: McpResourceInfo[]; prompts: McpPromptInfo[] }> {
  const capabilities = client.getServerCapabilities() ?? {};
  const options = { timeout: timeoutMs };
  const resources = capabilities.resources
    ? await allPages(async (cursor) => {
        const page = await client.listResources(cursor ? { cursor } : {}, options);
        return {
          nextCursor: page.nextCursor,
          items: page.resources.map((resource) => ({
            uri: resource.uri,
            name: resource.name,
            title: resource.title ?? resource.name,
            description: resource.description ?? '',
            mime_type: resource.mimeType ?? '',
          })),
        };
      })
    : [];
  const prompts = capabilities.prompts
    ? await allPages(async (cursor) => {
        const page = await client.listPrompts(cursor ? { cursor } : {}, options);
        return {
          nextCursor: page.nextCursor,
          items: page.prompts.map((prompt) => ({
            name: prompt.name,
            title: prompt.title ?? prompt.name,
            description: prompt.description ?? '',
            arguments: (prompt.arguments ?? []).map((argument) => ({ name: argument.name, description: argument.description ?? '', required: argument.required === true })),
          })),
        };
      })
    : [];
  return { resources, prompts };
}

/** A resource read for an agent's context: its text (blobs named, not decoded), cut to `maxChars`. */
export async function readResourceText(client: Client, uri: string, timeoutMs: number, maxChars: number): Promise<string> {
  const result = await client.readResource({ uri }, { timeout: timeoutMs });
  const text = result.contents.map((content) => ('text' in content && typeof content.text === 'string' ? content.text : `[二进制资源 ${content.mimeType ?? ''}]`.trim())).join('\n');
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n…（资源过长，已截断，共 ${text.length} 个字符）`;
}
