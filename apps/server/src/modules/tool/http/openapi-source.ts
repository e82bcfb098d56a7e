import { badInput } from '../../../core/index.js';
import { boundedRequest, OutboundError, OutboundRefused, type Outbound } from '../../../platform/net/index.js';

const MAX_DOCUMENT_BYTES = 2_000_000;
const FETCH_TIMEOUT_MS = 15_000;

/**
 * The text of an OpenAPI document: as pasted, or fetched from its address as an untrusted caller
 * (the outbound rules apply to the address and every redirect). Failures are Chinese 40001s.
 */
export async function readOpenApiText(outbound: Outbound, source: { document?: string; url?: string }): Promise<string> {
  if (source.document && source.url) throw badInput('请粘贴 OpenAPI 文档或填写文档网址（二选一）');
  if (source.document) return source.document;
  if (!source.url) throw badInput('请粘贴 OpenAPI 文档或填写文档网址（二选一）');
  let response;
  try {
    response = await boundedRequest(outbound, {
      url: source.url,
      method: 'GET',
      headers: { accept: 'application/json, application/yaml, text/yaml, text/plain;q=0.5' },
      access: { trusted: false },
      maxBytes: MAX_DOCUMENT_BYTES,
      timeoutMs: FETCH_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof OutboundRefused || error instanceof OutboundError) throw badInput(`无法获取 OpenAPI 文档：${error.message}`);
    throw error;
  }
  if (response.status >= 400) throw badInput(`无法获取 OpenAPI 文档：文档网址返回 HTTP ${response.status}`);
  if (response.truncated) throw badInput('OpenAPI 文档过大（超过 2 MB）');
  const text = response.body.toString('utf8');
  if (!text.trim()) throw badInput('无法获取 OpenAPI 文档：文档网址返回了空内容');
  return text;
}
