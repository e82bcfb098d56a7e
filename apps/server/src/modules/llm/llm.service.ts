import type { LlmStatus, LlmType } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { requireVisible, type Viewer } from '../../core/index.js';
import type { CallOptions, ChatRequest, ChatResult, ChatStreamPart, LlmGateway, ModelEndpoint, RerankRequest, RerankResult, TranscribeRequest } from '../../platform/llm/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { keyUnreadable, modelDisabled, noChatModel, wrongModelType } from './llm.errors.js';
import * as repo from './llm.repo.js';
import type { ModelCache } from './model-cache.js';

/** What a model is called for; each use accepts some model types. */
export type ModelUse = 'chat' | 'embedding' | 'rerank' | 'stt';

const USE_TYPES: Record<ModelUse, readonly LlmType[]> = {
  chat: ['chat', 'vision'],
  embedding: ['embedding'],
  rerank: ['rerank'],
  stt: ['stt'],
};
const USE_LABELS: Record<ModelUse, string> = { chat: '对话', embedding: '向量化', rerank: '重排序', stt: '语音识别' };

/**
 * A registry model, ready to call. `endpoint` holds the decrypted API key: server-side only, never
 * put it in an answer, an event or a log.
 */
export interface ResolvedModel {
  id: string;
  llmName: string;
  displayName: string;
  type: LlmType;
  status: LlmStatus;
  contextWindow: number;
  supportsTools: boolean;
  supportsVision: boolean;
  endpoint: ModelEndpoint;
}

/** Call options without the user: the service records usage against the viewer. */
export type LlmCallOptions = Omit<CallOptions, 'userId'>;

/** A model by name (resolved and checked on each call), or one resolved earlier. */
export type ModelRef = string | ResolvedModel;

export type LlmService = ReturnType<typeof createLlmService>;

/** Calls registry models for a user: visibility, status and type checks, then the gateway. */
export function createLlmService({ db, secrets, gateway, cache }: { db: Db; secrets: SecretBox; gateway: LlmGateway; cache: ModelCache }) {
  function toResolved(row: repo.CallableModelRow): ResolvedModel {
    let apiKey: string | null = null;
    if (row.apiKeySealed) {
      try {
        apiKey = secrets.open(row.apiKeySealed);
      } catch {
        throw keyUnreadable(row.llmName);
      }
    }
    return {
      id: row.id,
      llmName: row.llmName,
      displayName: row.displayName,
      type: row.type,
      status: row.status,
      contextWindow: row.contextWindow,
      supportsTools: row.supportsTools,
      supportsVision: row.supportsVision,
      endpoint: {
        llmName: row.llmName,
        baseUrl: row.baseUrl,
        apiKey,
        upstreamModel: row.upstreamModel,
        temperature: row.temperature,
        topP: row.topP,
        maxTokens: row.maxTokens,
        trusted: row.ownerIsAdmin,
      },
    };
  }

  function assertUsable(model: ResolvedModel, use: ModelUse): ResolvedModel {
    if (!USE_TYPES[use].includes(model.type)) throw wrongModelType(model.llmName, model.type, USE_LABELS[use]);
    if (model.status === 'disabled') throw modelDisabled(model.llmName);
    return model;
  }

  /**
   * The model named `llmName` as the viewer may use it: 40401 when it does not exist or is someone
   * else's private model; with `use`, 40301 (`MODEL_DISABLED`) when disabled and 40001 when its type
   * does not fit. Resolve before answering with a stream, so such errors are plain envelopes.
   */
  async function resolveModel(viewer: Viewer, llmName: string, use?: ModelUse): Promise<ResolvedModel> {
    const model = toResolved(requireVisible(viewer, await cache.find(llmName, () => repo.findModelByName(db, llmName)), '模型'));
    return use ? assertUsable(model, use) : model;
  }

  const ready = async (viewer: Viewer, ref: ModelRef, use: ModelUse) => (typeof ref === 'string' ? resolveModel(viewer, ref, use) : assertUsable(ref, use));
  const forViewer = (viewer: Viewer, options: LlmCallOptions): CallOptions => ({ ...options, userId: viewer.id });

  return {
    resolveModel,

    /** The viewer's first enabled chat model: their own before public ones, oldest first. */
    async defaultChatModel(viewer: Viewer): Promise<ResolvedModel> {
      const row = await repo.findFirstChatModel(db, viewer);
      if (!row) throw noChatModel();
      return toResolved(row);
    },

    async chat(viewer: Viewer, ref: ModelRef, request: ChatRequest, options: LlmCallOptions): Promise<ChatResult> {
      const model = await ready(viewer, ref, 'chat');
      return gateway.chat(model.endpoint, request, forViewer(viewer, options));
    },

    /** Checks happen at the first `next()`; resolve first to fail before a stream starts. */
    async *streamChat(viewer: Viewer, ref: ModelRef, request: ChatRequest, options: LlmCallOptions): AsyncGenerator<ChatStreamPart, void, undefined> {
      // A model resolved earlier is checked without a pause: the request goes out within the caller's turn.
      const model = typeof ref === 'string' ? await resolveModel(viewer, ref, 'chat') : assertUsable(ref, 'chat');
      yield* gateway.streamChat(model.endpoint, request, forViewer(viewer, options));
    },

    async embed(viewer: Viewer, ref: ModelRef, texts: string[], options: LlmCallOptions): Promise<number[][]> {
      const model = await ready(viewer, ref, 'embedding');
      return gateway.embed(model.endpoint, texts, forViewer(viewer, options));
    },

    async rerank(viewer: Viewer, ref: ModelRef, request: RerankRequest, options: LlmCallOptions): Promise<RerankResult[]> {
      const model = await ready(viewer, ref, 'rerank');
      return gateway.rerank(model.endpoint, request, forViewer(viewer, options));
    },

    async transcribe(viewer: Viewer, ref: ModelRef, request: TranscribeRequest, options: LlmCallOptions): Promise<{ text: string }> {
      const model = await ready(viewer, ref, 'stt');
      return gateway.transcribe(model.endpoint, request, forViewer(viewer, options));
    },
  };
}
