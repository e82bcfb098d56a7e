import type { Attempt } from './attempt.js';
import { badResponse, fromHttpStatus } from './errors.js';
import type { LlmGatewaySettings, ModelEndpoint } from './types.js';

/**
 * POSTs to `{baseUrl}{path}` for the calls the AI SDK's OpenAI-compatible provider does not cover
 * (rerank, transcription). Answers the parsed JSON; an error status becomes an `LlmCallError`.
 */
export async function postToModel(settings: LlmGatewaySettings, endpoint: ModelEndpoint, path: string, body: FormData | Record<string, unknown>, attempt: Attempt): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const isForm = body instanceof FormData;
  if (!isForm) headers['content-type'] = 'application/json';
  const fetchModel = settings.outbound.fetch({ trusted: endpoint.trusted === true });
  const response = await fetchModel(`${endpoint.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: isForm ? body : JSON.stringify(body),
    signal: attempt.signal,
  });
  attempt.touch();
  const text = await response.text();
  if (!response.ok) throw fromHttpStatus(endpoint, response.status, text, Object.fromEntries(response.headers));
  try {
    return JSON.parse(text);
  } catch {
    throw badResponse(text || '空响应');
  }
}
