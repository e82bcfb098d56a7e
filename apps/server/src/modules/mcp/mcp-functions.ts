import type { McpFunctionInfo } from '@agent-platform/contracts';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** Pages of `tools/list` followed at most: a service with more is misbehaving. */
const MAX_PAGES = 20;

/** The service's functions, all pages, each request bounded by `timeoutMs`. */
export async function listFunctions(client: Client, timeoutMs: number, signal?: AbortSignal): Promise<McpFunctionInfo[]> {
  const functions: McpFunctionInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs, signal });
    for (const tool of result.tools) {
      functions.push({
        name: tool.name,
        title: tool.title ?? tool.annotations?.title ?? tool.name,
        description: tool.description ?? '',
        input_schema: tool.inputSchema as Record<string, unknown>,
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return functions;
}

interface ContentItem {
  type: string;
  text?: string;
  mimeType?: string;
  resource?: { uri?: string; text?: string };
}

/** The text a model reads from a call's content: text items joined, other kinds named, bounded to `maxChars`. */
export function contentText(content: ContentItem[] | undefined, structured: unknown, maxChars: number): string {
  const parts = (content ?? []).map((item) => {
    if (item.type === 'text') return item.text ?? '';
    if (item.type === 'resource') return item.resource?.text ?? `[资源 ${item.resource?.uri ?? ''}]`;
    if (item.type === 'resource_link') return `[资源链接]`;
    return `[${item.type === 'image' ? '图片' : item.type === 'audio' ? '音频' : item.type}${item.mimeType ? ` ${item.mimeType}` : ''}]`;
  });
  let text = parts.join('\n');
  if (!text && structured !== undefined) text = JSON.stringify(structured);
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n…（结果过长，已截断，共 ${text.length} 个字符）`;
}
