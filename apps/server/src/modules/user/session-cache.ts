import type { SessionWithUser } from './session.repo.js';

/**
 * Recently verified sessions, kept for a few seconds so that a burst of calls costs one database
 * lookup. Everything that revokes or changes a session or user evicts it here at once, and tells
 * the other server processes to do the same.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: SessionWithUser; cachedAt: number }>();
  /** Moves on every eviction: a lookup that started before one must not be stored after it. */
  private evictions = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string): SessionWithUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (Date.now() - entry.cachedAt > this.ttlMs) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** In the second half of its life: worth reloading in the background before it expires. */
  isAging(tokenHash: string): boolean {
    const entry = this.entries.get(tokenHash);
    return entry !== undefined && Date.now() - entry.cachedAt > this.ttlMs / 2;
  }

  get generation(): number {
    return this.evictions;
  }

  set(tokenHash: string, session: SessionWithUser): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { session, cachedAt: Date.now() });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
    this.evictions += 1;
  }

  forgetUser(userId: string): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries) if (entry.session.id === userId) this.entries.delete(key);
  }
}
