import type { ProbeOutcome, ProbeTarget, ProbeTargets } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { fromHttpStatus } from '../../platform/llm/index.js';
import { boundedRequest, configuredAccess, OutboundError, OutboundRefused, type Outbound } from '../../platform/net/index.js';
import type { SecretBox } from '../../platform/security/index.js';
import { keyUnreadable } from './llm.errors.js';
import * as repo from './llm.repo.js';

const PROBE_TIMEOUT_MS = 5_000;
/** More enabled models than this are not probed on one page. */
const MAX_MODELS = 200;

/** A provider that does not list its models still answered: it is reachable. */
const NO_LISTING = new Set([404, 405]);

/**
 * The cheapest question a model's endpoint answers: `GET {base}/models` with its key. Nothing is
 * generated and nothing is billed; a wrong key, a dead port or a missing upstream model show.
 */
async function probeModel(outbound: Outbound, row: repo.CallableModelRow, apiKey: string | null, signal: AbortSignal): Promise<ProbeOutcome> {
  const endpoint = { llmName: row.llmName, baseUrl: row.baseUrl, apiKey, upstreamModel: row.upstreamModel };
  let answer;
  try {
    answer = await boundedRequest(outbound, {
      url: `${row.baseUrl.replace(/\/+$/, '')}/models`,
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      access: configuredAccess(row.ownerIsAdmin, row.baseUrl),
      maxBytes: 256 * 1024,
      timeoutMs: PROBE_TIMEOUT_MS,
      signal,
    });
  } catch (error) {
    if (error instanceof OutboundRefused || error instanceof OutboundError) return { status: 'down', error: `${error.message}，请检查模型的接口地址、端口和网络` };
    throw error;
  }
  if (NO_LISTING.has(answer.status)) return { status: 'up', error: null, details: { listed_models: null } };
  if (answer.status >= 400) return { status: 'down', error: fromHttpStatus(endpoint, answer.status, answer.body.toString('utf8')).diagnostic };
  const listed = listedIds(answer.body);
  if (listed === undefined) return { status: 'up', error: null };
  const upstream = row.upstreamModel.toLowerCase();
  if (upstream && listed.length > 0 && !listed.some((id) => id.toLowerCase() === upstream)) {
    return { status: 'degraded', error: `服务可以连接，但它列出的 ${listed.length} 个模型中没有「${row.upstreamModel}」，请检查上游模型 ID`, details: { listed_models: listed.length } };
  }
  return { status: 'up', error: null, details: { listed_models: listed.length } };
}

/** The model ids of an OpenAI-style listing (`{data: [{id}]}`), or `undefined` for anything else. */
function listedIds(body: Buffer): string[] | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { data?: unknown };
    if (!Array.isArray(parsed.data)) return undefined;
    return parsed.data.flatMap((entry: unknown) => (entry && typeof entry === 'object' && typeof (entry as { id?: unknown }).id === 'string' ? [(entry as { id: string }).id] : []));
  } catch {
    return undefined;
  }
}

/** Every enabled model as something the health page asks, keyed as the topology keys models. */
export function modelProbeTargets({ db, secrets, outbound }: { db: Db; secrets: SecretBox; outbound: Outbound }): ProbeTargets {
  return async () => {
    const rows = await repo.listEnabledModels(db, MAX_MODELS);
    return rows.map((row): ProbeTarget => ({
      key: `model:${row.llmName.toLowerCase()}`,
      kind: 'model',
      name: row.displayName || row.llmName,
      version: row.updatedAt.toISOString(),
      details: { type: row.type, base_url: row.baseUrl, upstream_model: row.upstreamModel },
      async probe(signal) {
        let apiKey: string | null = null;
        if (row.apiKeySealed) {
          try {
            apiKey = secrets.open(row.apiKeySealed);
          } catch {
            return { status: 'down', error: keyUnreadable(row.llmName).message };
          }
        }
        return probeModel(outbound, row, apiKey, signal);
      },
    }));
  };
}
