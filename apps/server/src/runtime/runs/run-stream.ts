import type { Db } from '../../platform/db/index.js';
import type { EventHub } from './event-hub.js';
import type { RunEventSink, RunSink } from './run-sink.js';
import { listEventsAfter, type RunEvent } from './run.repo.js';

/**
 * Streams a run's events after `after` and follows it live until `done`: subscribe first, replay the
 * log, then drain what arrived meanwhile, never sending a sequence number twice.
 */
export async function streamRun(db: Db, hub: EventHub, sink: RunSink, runId: string, after: number, { replay = true }: { replay?: boolean } = {}): Promise<RunEventSink> {
  const stream = sink();
  let lastSent = after;
  let replaying = true;
  const arrivedDuringReplay: RunEvent[] = [];

  /** `more`: events follow this one (a replay of a run that paused and went on goes past its earlier `done`s). */
  const send = (event: RunEvent, more = false) => {
    if (event.seq <= lastSent) return;
    lastSent = event.seq;
    stream.send(event);
    if (event.type === 'done' && !more) stream.end();
  };
  const sendAll = (events: RunEvent[]) => {
    // The log and the not-yet-logged events may overlap while a write lands: each number once, in order.
    const unseen = [...new Map(events.filter((event) => event.seq > lastSent).map((event) => [event.seq, event])).values()].sort((a, b) => a.seq - b.seq);
    unseen.forEach((event, index) => send(event, index < unseen.length - 1));
  };
  const unsubscribe = hub.subscribe(runId, (event) => (replaying ? arrivedDuringReplay.push(event) : send(event)));
  stream.onClose(unsubscribe);

  try {
    // Not-yet-logged events are taken before the log is read: one logged meanwhile is in one of the two.
    const unlogged = [...hub.unloggedEvents(runId)];
    sendAll([...(replay ? await listEventsAfter(db, runId, after) : []), ...unlogged]);
  } finally {
    replaying = false;
  }
  sendAll(arrivedDuringReplay);
  return stream;
}
