import { z } from 'zod';
import { StoredDataError, storedJson } from '../../core/index.js';

/**
 * What a paused run waits for (`runs.awaiting`): the pause's kind (a run kind's own names, e.g. an
 * agent's `action_confirm`) and the step it stopped at. Decisions find it by `awaiting->>'kind'`.
 */
export const storedAwaiting = storedJson('run awaiting', { version: 1, schema: z.object({ kind: z.string(), step_id: z.string() }) });
export type RunAwaiting = ReturnType<typeof storedAwaiting.read>;

export const readAwaiting = (stored: unknown): RunAwaiting | null => (stored === null || stored === undefined ? null : storedAwaiting.read(stored));
export const writeAwaiting = (awaiting: RunAwaiting | null) => (awaiting === null ? null : storedAwaiting.write(awaiting));

/**
 * An event's data in the log (`run_events.data`, and the archives): the stream contract's payload for
 * the event's type (docs/streaming.md), replayed to clients as it was sent. Any object is one; the
 * version lets a change of the contract upgrade the logs written before it in one place.
 */
export const storedEventData = storedJson('run event data', { version: 1, schema: z.record(z.string(), z.unknown()) });

/** `run_event_archives.events`: `[seq, type, data]` per event, in order, as the archiver's SQL builds it. */
const archivedEvents = z.array(z.tuple([z.number().int(), z.string(), z.unknown()]));

export function readArchivedEvents(stored: unknown): Array<{ seq: number; type: string; data: Record<string, unknown> }> {
  const parsed = archivedEvents.safeParse(stored);
  if (!parsed.success) throw new StoredDataError('run event archive', z.prettifyError(parsed.error));
  return parsed.data.map(([seq, type, data]) => ({ seq, type, data: storedEventData.read(data) }));
}
