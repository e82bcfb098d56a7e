import type { RunCore } from './run-core.js';

const CANCEL_CHANNEL = 'aip_run_cancel';
const WATCH_CHANNEL = 'aip_run_watch';

export type RunChannels = ReturnType<typeof createRunChannels>;

/** What processes tell each other about runs besides their events: stop this run, someone watches it. */
export function createRunChannels({ bus, local }: RunCore) {
  bus.subscribe(CANCEL_CHANNEL, (runId) => local.abort(runId, new Error('cancelled')));
  bus.subscribe(WATCH_CHANNEL, (runId) => local.watched(runId));
  return {
    cancel: (runId: string): Promise<void> => bus.publish(CANCEL_CHANNEL, runId),
    watched: (runId: string): Promise<void> => bus.publish(WATCH_CHANNEL, runId),
  };
}
