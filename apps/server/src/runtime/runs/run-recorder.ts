import type { EventLogWriter } from './event-log-writer.js';
import type { RunEvent } from './run.repo.js';

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
  /** `speaker`: a text event's other fields (who speaks, in multi-agent chat); pieces merge only with the same. */
  private pending: { type: string; text: string; speaker: Record<string, unknown>; key: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastWrite: Promise<void> = Promise.resolve();
  private sentText = false;
  private failure: unknown;

  constructor(
    private readonly writer: EventLogWriter,
    private readonly runId: string,
    lastSeq: number,
    /** The run's row: its events are logged only after it is stored (they are streamed at once). */
    private readonly stored?: Promise<void>,
  ) {
    this.seq = lastSeq;
  }

  emit(type: string, data: Record<string, unknown>): void {
    if (TEXT_EVENTS.has(type) && typeof data.text === 'string') {
      const { text, ...speaker } = data;
      this.emitText(type, text, speaker);
      return;
    }
    this.flushText();
    this.write([{ seq: ++this.seq, type, data }]);
  }

  /** Logging an event failed: the log has a gap, and the run must end as failed. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Whether everything emitted so far is logged, once its writes are over (never rejects). */
  async loggedSoFar(): Promise<boolean> {
    this.flushText();
    await this.lastWrite;
    return !this.failed;
  }

  /** Resolves when everything emitted so far is logged; rejects if logging failed. */
  async settle(): Promise<void> {
    this.flushText();
    await this.lastWrite;
    if (this.failure) throw this.failure;
  }

  private emitText(type: string, text: string, speaker: Record<string, unknown>): void {
    if (text.length === 0) return;
    const key = `${type}${JSON.stringify(speaker)}`;
    if (this.pending && this.pending.key !== key) this.flushText();
    if (!this.sentText) {
      this.sentText = true;
      this.write([{ seq: ++this.seq, type, data: { text, ...speaker } }]);
      return;
    }
    if (this.pending) {
      this.pending.text += text;
      return;
    }
    this.pending = { type, text, speaker, key };
    this.timer = setTimeout(() => this.flushText(), COALESCE_MS);
  }

  private flushText(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const { type, text, speaker } = this.pending;
    this.pending = undefined;
    this.write([{ seq: ++this.seq, type, data: { text, ...speaker } }]);
  }

  /**
   * Events are delivered live even after logging failed: the streams attached here still get the
   * run's `error` and `done`, never a silence that only heartbeats fill.
   */
  private write(events: RunEvent[]): void {
    const written = this.writer.append(this.runId, events, this.stored);
    written.catch((error: unknown) => {
      this.failure ??= error;
    });
    this.lastWrite = written.catch(() => undefined);
  }
}
