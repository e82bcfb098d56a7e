import { embedMany } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { metered, retrying } from './call.js';
import { badResponse } from './errors.js';
import { postToModel } from './http-call.js';
import type { CallOptions, LlmGatewaySettings, ModelEndpoint, RerankRequest, RerankResult, TranscribeRequest } from './types.js';

/** Vectors for `texts`, in order, in requests of `embedBatchSize` texts; one usage row for the whole call. */
export function embed(settings: LlmGatewaySettings, endpoint: ModelEndpoint, texts: string[], options: CallOptions): Promise<number[][]> {
  const model = createOpenAICompatible({
    name: 'platform',
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey || undefined,
    fetch: settings.outbound.fetch({ trusted: endpoint.trusted === true }),
  }).embeddingModel(endpoint.upstreamModel);
  const batchSize = Math.max(1, settings.embedBatchSize);
  return metered(settings, endpoint, options, async () => {
    const vectors: number[][] = [];
    let tokens = 0;
    for (let start = 0; start < texts.length; start += batchSize) {
      const values = texts.slice(start, start + batchSize);
      const result = await retrying(settings, endpoint, options, (attempt) => embedMany({ model, values, maxRetries: 0, maxParallelCalls: 1, abortSignal: attempt.signal }));
      if (result.embeddings.length !== values.length) throw badResponse(`请求 ${values.length} 个向量，返回了 ${result.embeddings.length} 个`);
      vectors.push(...result.embeddings);
      tokens += result.usage.tokens;
    }
    return { value: vectors, usage: { promptTokens: tokens, completionTokens: 0 } };
  });
}

interface RerankAnswer {
  results?: Array<{ index?: unknown; relevance_score?: unknown; score?: unknown }>;
  usage?: { total_tokens?: unknown };
}

/** `POST {baseUrl}/rerank`, Jina / Cohere style; results best first. */
export function rerank(settings: LlmGatewaySettings, endpoint: ModelEndpoint, request: RerankRequest, options: CallOptions): Promise<RerankResult[]> {
  const body = {
    model: endpoint.upstreamModel,
    query: request.query,
    documents: request.documents,
    ...(request.topN !== undefined ? { top_n: request.topN } : {}),
    return_documents: false,
  };
  return metered(settings, endpoint, options, async () => {
    const answer = (await retrying(settings, endpoint, options, (attempt) => postToModel(settings, endpoint, '/rerank', body, attempt))) as RerankAnswer;
    if (!Array.isArray(answer?.results)) throw badResponse(JSON.stringify(answer ?? null));
    const results = answer.results.map((result) => ({ index: Number(result.index), score: Number(result.relevance_score ?? result.score) }));
    if (results.some((result) => !Number.isInteger(result.index) || result.index < 0 || result.index >= request.documents.length || Number.isNaN(result.score))) {
      throw badResponse(JSON.stringify(answer.results).slice(0, 200));
    }
    results.sort((a, b) => b.score - a.score);
    return { value: results, usage: { promptTokens: Number(answer.usage?.total_tokens ?? 0) || 0, completionTokens: 0 } };
  });
}

/** `POST {baseUrl}/audio/transcriptions` (multipart), OpenAI Whisper style: the text. */
export function transcribe(settings: LlmGatewaySettings, endpoint: ModelEndpoint, request: TranscribeRequest, options: CallOptions): Promise<{ text: string }> {
  return metered(settings, endpoint, options, async () => {
    const answer = (await retrying(settings, endpoint, options, (attempt) => {
      const form = new FormData();
      form.append('file', new Blob([request.audio], { type: request.mediaType ?? 'application/octet-stream' }), request.filename);
      form.append('model', endpoint.upstreamModel);
      form.append('response_format', 'json');
      if (request.language) form.append('language', request.language);
      if (request.prompt) form.append('prompt', request.prompt);
      return postToModel(settings, endpoint, '/audio/transcriptions', form, attempt);
    })) as { text?: unknown };
    if (typeof answer?.text !== 'string') throw badResponse(JSON.stringify(answer ?? null));
    return { value: { text: answer.text }, usage: { promptTokens: 0, completionTokens: 0 } };
  });
}
