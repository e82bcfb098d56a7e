import { looksMasked, maskSecret, presetBaseUrl, type LlmType, type TestLlmConnectionBody, type TestLlmConnectionResult } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { canEdit, isAdmin, requireEditable, requireVisible, type Viewer } from '../../core/index.js';
import { LlmCallError, type CallOptions, type LlmGateway, type ModelEndpoint } from '../../platform/llm/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { keyUnreadable, maskedKeyGiven } from './llm.errors.js';
import * as repo from './llm.repo.js';

/** A connection test answers quickly: at most this long, and never retried. */
const TEST_TIMEOUT_CAP_MS = 15_000;

/** Fields that change where or how a saved model is called; testing them needs the right to edit it. */
const CONNECTION_FIELDS = ['llm_name', 'type', 'provider', 'base_url', 'api_key', 'upstream_model'] as const;

/** 0.1 s of silence, 16 kHz mono 16-bit WAV: enough for a speech-to-text model to answer. */
function silentWav(): Uint8Array {
  const samples = 1_600;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(16_000, 24);
  buffer.writeUInt32LE(32_000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  return buffer;
}

export type ConnectionTester = ReturnType<typeof createConnectionTester>;

export function createConnectionTester({ db, secrets, gateway, timeoutMs }: { db: Db; secrets: SecretBox; gateway: LlmGateway; timeoutMs: number }) {
  function openKey(row: repo.LlmModelRow): string | null {
    if (!row.apiKeySealed) return null;
    try {
      return secrets.open(row.apiKeySealed);
    } catch {
      throw keyUnreadable(row.llmName);
    }
  }

  /** The key to test with: the given one, or the saved one when none (or its masked form) is given. */
  function keyFor(given: string | undefined, row: repo.LlmModelRow | undefined): string | null {
    const saved = row ? openKey(row) : null;
    if (given === undefined) return saved;
    if (!looksMasked(given)) return given || null;
    if (saved !== null && given === maskSecret(saved)) return saved;
    throw maskedKeyGiven();
  }

  async function target(viewer: Viewer, body: TestLlmConnectionBody): Promise<{ endpoint: ModelEndpoint; type: LlmType; configures: boolean }> {
    const row = body.id ? requireVisible(viewer, await repo.findModelById(db, body.id), '模型') : undefined;
    if (row && CONNECTION_FIELDS.some((field) => body[field] !== undefined)) requireEditable(viewer, row, '模型');
    const provider = body.provider ?? row?.provider ?? 'openai-compatible';
    const baseUrl = body.base_url || (body.provider && presetBaseUrl(body.provider)) || row?.baseUrl || presetBaseUrl(provider);
    const upstreamModel = body.upstream_model || (row && !body.llm_name ? row.upstreamModel : body.llm_name) || '';
    return {
      type: body.type ?? row?.type ?? 'chat',
      // Whoever configures the model may read the provider's address and words in a failure.
      configures: !row || canEdit(viewer, row),
      // Only an administrator may probe private addresses: the answer would map the internal network.
      endpoint: { llmName: body.llm_name ?? row?.llmName ?? upstreamModel, baseUrl, apiKey: keyFor(body.api_key, row), upstreamModel, trusted: isAdmin(viewer) },
    };
  }

  async function probe(endpoint: ModelEndpoint, type: LlmType, options: CallOptions): Promise<void> {
    switch (type) {
      case 'chat':
      case 'vision':
        await gateway.chat(endpoint, { messages: [{ role: 'user', content: 'ping' }], maxTokens: 1 }, options);
        return;
      case 'embedding':
        await gateway.embed(endpoint, ['ping'], options);
        return;
      case 'rerank':
        await gateway.rerank(endpoint, { query: 'ping', documents: ['ping'] }, options);
        return;
      case 'stt':
        await gateway.transcribe(endpoint, { audio: silentWav(), filename: 'ping.wav', mediaType: 'audio/wav' }, options);
        return;
    }
  }

  return {
    /** A one-token call (or its like for other model types): `{ok, latency_ms}`, or why it failed. */
    async testConnection(viewer: Viewer, body: TestLlmConnectionBody): Promise<TestLlmConnectionResult> {
      const { endpoint, type, configures } = await target(viewer, body);
      const started = Date.now();
      const options = { userId: viewer.id, feature: 'test_connection', timeoutMs: Math.min(timeoutMs, TEST_TIMEOUT_CAP_MS), maxAttempts: 1 };
      try {
        await probe(endpoint, type, options);
        return { ok: true, latency_ms: Date.now() - started };
      } catch (error) {
        if (!(error instanceof LlmCallError)) throw error;
        return { ok: false, latency_ms: Date.now() - started, reason: configures ? error.diagnostic : error.message };
      }
    },
  };
}
