import type { DepCheck } from '@agent-platform/contracts';
import type { ProbeTarget } from '../../core/index.js';

export interface ProbeCacheOptions {
  /** A target is asked at most once in this long (per configuration). */
  ttlMs: number;
  /** Probes running at once, so a page with many models does not open hundreds of connections. */
  concurrency: number;
}

interface Entry {
  version: string;
  at: number;
  check: Promise<DepCheck>;
}

/**
 * What outside things answered, remembered per target: one probe per target per `ttlMs` whoever asks
 * and however many ask at once (callers arriving while a probe runs share it). A target whose
 * configuration changed (`version`) is asked again at once.
 */
export function createProbeCache({ ttlMs, concurrency }: ProbeCacheOptions) {
  const entries = new Map<string, Entry>();
  let running = 0;
  const waiting: Array<() => void> = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  async function probe(target: ProbeTarget): Promise<DepCheck> {
    const started = Date.now();
    const base = { key: target.key, kind: target.kind, name: target.name };
    try {
      const outcome = await target.probe(AbortSignal.timeout(ttlMs));
      return {
        ...base,
        status: outcome.status,
        latency_ms: Date.now() - started,
        error: outcome.error ?? null,
        checked_at: new Date().toISOString(),
        details: { ...target.details, ...outcome.details },
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ...base, status: 'down', latency_ms: Date.now() - started, error: reason, checked_at: new Date().toISOString(), details: target.details };
    }
  }

  return {
    /** Each target's latest answer, probing those never asked, changed, or asked longer than `ttlMs` ago. */
    async checkAll(targets: ProbeTarget[]): Promise<DepCheck[]> {
      const now = Date.now();
      const live = new Set(targets.map((target) => target.key));
      for (const key of entries.keys()) if (!live.has(key)) entries.delete(key);
      return Promise.all(
        targets.map(async (target) => {
          const cached = entries.get(target.key);
          if (cached && cached.version === target.version && now - cached.at < ttlMs) return { ...(await cached.check), name: target.name };
          const check = slot(() => probe(target));
          entries.set(target.key, { version: target.version, at: now, check });
          return check;
        }),
      );
    },
  };
}
