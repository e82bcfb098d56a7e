import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import { appendEvents, type RunEvent } from './run.repo.js';

/** Text pieces are merged for at most this long before they are logged and sent. */
const COALESCE_MS = 50;
const TEXT_EVENTS = new Set(['delta', 'reasoning']);

/**
 * Writes a run's events in order: numbered, logged, then delivered live. Consecutive text pieces of
 * one kind are merged (the first is sent at once, so the first token is never held back); any other
 * event flushes them first.
 */
export class RunRecorder {
  private seq: number;
  private pending: { type: string; text: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** Events waiting for the write in flight to finish; they go to the log together. */
  private queued: RunEvent[] = [];
  private sentText = false;
  private failure: unknown;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
    private readonly runId: string,
    lastSeq: number,
  ) {
    this.seq = lastSeq;
  }


  emit(type: string, data: Record<string, unknown>): void {
    if (TEXT_EVENTS.has(type) && typeof data.text === 'string') {
      this.emitText(type, data.text);
      return;
    }
    this.flushText();
    this.write([{ seq: ++this.seq, type, data }]);
  }

  /** Resolves when everything emitted so far is logged; rejects if logging failed. */
  async settle(): Promise<void> {
    this.flushText();
    await this.chain;
    if (this.failure) throw this.failure;
  }

  private emitText(type: string, text: string): void {
    if (text.length === 0) return;
    if (this.pending && this.pending.type !== type) this.flushText();
    if (!this.sentText) {
      this.sentText = true;
      this.write([{ seq: ++this.seq, type, data: { text } }]);
      return;
    }
    if (this.pending) {
      this.pending.text += text;
      return;
    }
    this.pending = { type, text };
    this.timer = setTimeout(() => this.flushText(), COALESCE_MS);
  }

  private flushText(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const { type, text } = this.pending;
    this.pending = undefined;
    this.write([{ seq: ++this.seq, type, data: { text } }]);
  }

  /** Under load, events that arrive while a write is in flight share the next insert. */
  private write(events: RunEvent[]): void {
    const startBatch = this.queued.length === 0;
    this.queued.push(...events);
    if (!startBatch) return;
    this.chain = this.chain.then(async () => {
      const batch = this.queued;
      this.queued = [];
      if (this.failure) return;
      try {
        await appendEvents(this.db, this.runId, batch);
        this.hub.publish(this.runId, batch);
      } catch (error) {
        this.failure = error;
      }
    });
  }
}
