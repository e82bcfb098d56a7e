/**
 * Items queued while a statement is in flight, or in the same turn of the event loop, go into the next
 * statement together: fifty chats starting (or ending) at once cost one insert, not fifty. Each
 * item's promise settles with its own result. A failed statement is tried again item by item, so one
 * bad item fails alone.
 */
export class BatchQueue<T, R> {
  private queue: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private flushing = false;

  constructor(
    /** Writes the items in one statement and answers one result per item, in order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly options: { maxItems?: number; lingerMs?: number } = {},
  ) {}

  /**
   * With `lingerMs`, the first item waits that long for others: for writes nobody waits on at once
   * (a chat's question while its answer streams), so a burst of chats is one statement written after
   * their first tokens instead of a few in front of them.
   */
  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.flushing) return;
      this.flushing = true;
      if (this.options.lingerMs) setTimeout(() => void this.flush(), this.options.lingerMs);
      else setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxItems ?? 500);
      try {
        const results = await this.write(batch.map((entry) => entry.item));
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const entry of batch) await this.write([entry.item]).then(([result]) => entry.resolve(result!), entry.reject);
      }
    }
    this.flushing = false;
  }
}
