import { z } from 'zod';
import { htmlToBlocks } from '../../../platform/documents/index.js';
import { boundedRequest, OutboundError, OutboundRefused, type Outbound } from '../../../platform/net/index.js';
import { defineTool, ToolFailure } from '../tool.js';

const MAX_BYTES = 2 * 1024 * 1024;
const MAX_OUTPUT_CHARS = 8_000;
const TIMEOUT_MS = 10_000;
const TEXT_TYPES = /^(text\/(plain|markdown|csv)|application\/(json|xml)|text\/xml)/;

function pageText(contentType: string, body: Buffer): string {
  const text = new TextDecoder(/charset=gb(k|2312|18030)/i.test(contentType) ? 'gb18030' : 'utf-8').decode(body);
  if (/^text\/html|application\/xhtml/.test(contentType)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    const blocks = htmlToBlocks(text).map((block) => (block.kind === 'heading' ? `${'#'.repeat(block.level)} ${block.text}` : block.text));
    return [title ? `标题：${title}` : '', ...blocks].filter(Boolean).join('\n');
  }
  if (TEXT_TYPES.test(contentType)) return text;
  throw new ToolFailure(`不支持的内容类型：${contentType || '未知'}（只读取网页和文本）`);
}

/**
 * Reads a web page as text for the model: GET only, 10 s and 2 MB at most. It is the model that picks
 * the address, so private and loopback addresses are refused for everyone (only hosts an administrator
 * listed in OUTBOUND_ALLOWED_HOSTS pass), redirects included.
 */
export function webFetchTool(outbound: Outbound) {
  return defineTool({
    name: 'web_fetch',
    title: '网页读取',
    description: '读取一个网页（http/https）的正文文本，用于查看链接内容。只支持 GET，不执行脚本。',
    input: z.object({ url: z.string().min(1).max(2_000).describe('要读取的网址，以 http:// 或 https:// 开头') }),
    timeoutMs: TIMEOUT_MS + 1_000,
    async execute({ url }, { signal }) {
      let response;
      try {
        response = await boundedRequest(outbound, {
          url,
          access: { trusted: false },
          headers: { 'user-agent': 'AgentPlatform-WebFetch/1.0', accept: 'text/html,text/plain,application/json;q=0.9,*/*;q=0.5' },
          maxBytes: MAX_BYTES,
          timeoutMs: TIMEOUT_MS,
          signal,
        });
      } catch (error) {
        if (error instanceof OutboundRefused || error instanceof OutboundError) throw new ToolFailure(error.message);
        throw error;
      }
      if (response.status >= 400) throw new ToolFailure(`网页返回错误状态 ${response.status}：${response.url}`);
      const text = pageText(response.headers['content-type'] ?? '', response.body);
      const cut = text.length > MAX_OUTPUT_CHARS;
      const note = cut || response.truncated ? '\n（内容过长，已截断）' : '';
      return { output: `${cut ? text.slice(0, MAX_OUTPUT_CHARS) : text}${note}`, data: { url: response.url, status: response.status } };
    },
  });
}
