/** The runs this process executes or is storing, and when each was last watched. */
export class LocalRuns {
  private readonly controllers = new Map<string, AbortController>();
  private readonly watchedAt = new Map<string, number>();
  /** Runs started here whose row is still being written: a cancel or re-attach right after `run` waits for it. */
  private readonly storing = new Map<string, Promise<void>>();
  /** Executions in this process, until their last event is logged. */
  private readonly executions = new Map<string, Promise<void>>();

  isExecuting(runId: string): boolean {
    return this.controllers.has(runId);
  }

  /** Stops a run executing here (a cancel, or shutdown); runs of other processes are not affected. */
  abort(runId: string, reason: Error): void {
    this.controllers.get(runId)?.abort(reason);
  }

  abortAll(reason: Error): void {
    for (const controller of this.controllers.values()) controller.abort(reason);
  }

  /** Someone watches the run (here or in another process): it is not abandoned. */
  watched(runId: string): void {
    if (this.controllers.has(runId)) this.watchedAt.set(runId, Date.now());
  }

  lastWatched(runId: string): number {
    return this.watchedAt.get(runId) ?? 0;
  }

  /** Tracks an execution until it settles. */
  executing(runId: string, controller: AbortController, execute: () => Promise<void>): void {
    this.controllers.set(runId, controller);
    this.watchedAt.set(runId, Date.now());
    const execution = execute().finally(() => {
      this.controllers.delete(runId);
      this.watchedAt.delete(runId);
      if (this.executions.get(runId) === execution) this.executions.delete(runId);
    });
    this.executions.set(runId, execution);
  }

  /** Resolves once the run's execution here (if any) has logged its last event. */
  async executionOf(runId: string): Promise<void> {
    await this.executions.get(runId);
  }

  /** Every execution here has settled. */
  allSettled(): Promise<unknown> {
    return Promise.allSettled([...this.executions.values()]);
  }

  storingRow(runId: string, stored: Promise<void>): void {
    this.storing.set(runId, stored);
    const forget = () => this.storing.delete(runId);
    stored.then(forget, forget);
  }

  /** The run's row while this process is still writing it. */
  rowBeingStored(runId: string): Promise<void> | undefined {
    return this.storing.get(runId);
  }
}
