export interface ProgressValue {
  fraction: number;
  text: string | null;
}

export const PROGRESS_WRITE_MS = 500;

/**
 * Keeps a job's latest progress and writes it at most once per interval; writes never overlap, so
 * they land in order. The last value is written by whoever ends the job (see `stop`).
 */
export class ProgressThrottle {
  private latest: ProgressValue = { fraction: 0, text: null };
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  private dirty = false;

  constructor(
    private readonly write: (value: ProgressValue) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  set(fraction: number, text?: string): void {
    if (this.stopped || !Number.isFinite(fraction)) return;
    this.latest = { fraction: Math.min(1, Math.max(0, fraction)), text: text ?? this.latest.text };
    this.dirty = true;
    if (this.timer) return;
    const wait = this.lastWriteAt + PROGRESS_WRITE_MS - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  private flush(): void {
    this.timer = undefined;
    if (this.stopped || !this.dirty) return;
    this.dirty = false;
    this.lastWriteAt = Date.now();
    const value = this.latest;
    this.writing = this.writing.then(() => this.write(value)).catch(this.onError);
  }

  /** No more writes from here; resolves with the latest value once a write in flight has landed. */
  async stop(): Promise<ProgressValue> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.writing;
    return this.latest;
  }
}
