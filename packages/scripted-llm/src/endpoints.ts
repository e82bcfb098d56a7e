import { sendJson, type Exchange } from './http-io.js';
import type { MultipartPart } from './multipart.js';
import { countTokens } from './text.js';
import type { ScriptRule } from './types.js';
import { embedText, overlapScore, toBase64 } from './vectors.js';

export interface EmbeddingsBody {
  model?: string;
  input?: string | string[];
  dimensions?: number;
  encoding_format?: 'float' | 'base64';
}

export const embeddingInputs = (body: EmbeddingsBody): string[] => (Array.isArray(body.input) ? body.input.map(String) : body.input === undefined ? [] : [String(body.input)]);

/** `POST /v1/embeddings`: one deterministic vector per input, in input order. */
export function answerEmbeddings({ res }: Exchange, body: EmbeddingsBody, defaultDimensions: number): void {
  const dimensions = body.dimensions && body.dimensions > 0 ? body.dimensions : defaultDimensions;
  const inputs = embeddingInputs(body);
  const tokens = inputs.reduce((n, text) => n + countTokens(text), 0);
  sendJson(res, 200, {
    object: 'list',
    model: body.model ?? 'scripted-embedding',
    data: inputs.map((text, index) => {
      const vector = embedText(text, dimensions);
      return { object: 'embedding', index, embedding: body.encoding_format === 'base64' ? toBase64(vector) : vector };
    }),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

export interface RerankBody {
  model?: string;
  query?: string;
  documents?: Array<string | { text?: string }>;
  top_n?: number;
  return_documents?: boolean;
}

export const documentText = (document: string | { text?: string }) => (typeof document === 'string' ? document : (document?.text ?? ''));

/** `POST /v1/rerank` (Jina / Cohere style): documents by the share of query tokens they contain. */
export function answerRerank({ res }: Exchange, body: RerankBody): void {
  const documents = (body.documents ?? []).map(documentText);
  const query = body.query ?? '';
  const ranked = documents
    .map((text, index) => ({ index, relevance_score: overlapScore(query, text), text }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, body.top_n && body.top_n > 0 ? body.top_n : documents.length);
  sendJson(res, 200, {
    model: body.model ?? 'scripted-rerank',
    results: ranked.map(({ index, relevance_score, text }) => ({ index, relevance_score, ...(body.return_documents ? { document: { text } } : {}) })),
    usage: { total_tokens: countTokens(query) + documents.reduce((n, text) => n + countTokens(text), 0) },
  });
}

export const DEFAULT_TRANSCRIPT = '你好，请介绍一下你自己。';

/** The recorded form of an upload: fields as text, the file as its name, type and size. */
export function describeUpload(parts: MultipartPart[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const part of parts) {
    body[part.name] = part.filename !== undefined ? { name: part.filename, type: part.contentType, size: part.data.length } : part.data.toString('utf8');
  }
  return body;
}

/** `POST /v1/audio/transcriptions`: `{text}`; the rule's text, or a fixed sentence. */
export function answerTranscription({ res }: Exchange, upload: Record<string, unknown>, rule: ScriptRule | undefined): void {
  if (!upload.file || typeof upload.file !== 'object') {
    sendJson(res, 400, { error: { message: 'No audio file was uploaded (field "file")', type: 'invalid_request_error', code: 'invalid_request', param: 'file' } });
    return;
  }
  sendJson(res, 200, { text: rule?.text ?? DEFAULT_TRANSCRIPT });
}

export const DEFAULT_MODELS = ['scripted-chat', 'scripted-reasoner', 'scripted-embedding', 'scripted-rerank', 'scripted-whisper'];

/** `GET /v1/models`. */
export function answerModels({ res }: Exchange, models: string[]): void {
  sendJson(res, 200, {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'scripted-llm' })),
  });
}
