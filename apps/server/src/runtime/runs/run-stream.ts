import type { FastifyReply } from 'fastify';
import type { Db } from '../../platform/db/index.js';
import { EventStream } from '../../platform/sse/index.js';
import type { EventHub } from './event-hub.js';
import { listEventsAfter, type RunEvent } from './run.repo.js';

/**
 * Streams a run's events after `after` and follows it live until `done`: subscribe first, replay the
 * log, then drain what arrived meanwhile, never sending a sequence number twice.
 */
export async function streamRun(
  db: Db,
  hub: EventHub,
  reply: FastifyReply,
  runId: string,
  after: number,
  { replay = true }: { replay?: boolean } = {},
): Promise<EventStream> {
  const stream = new EventStream(reply);
  let lastSent = after;
  let replaying = true;
  const arrivedDuringReplay: RunEvent[] = [];

  const send = (event: RunEvent) => {
    if (event.seq <= lastSent) return;
    lastSent = event.seq;
    stream.send(event);
    if (event.type === 'done') stream.end();
  };
  const unsubscribe = hub.subscribe(runId, (event) => (replaying ? arrivedDuringReplay.push(event) : send(event)));
  stream.onClose(unsubscribe);

  try {
    if (replay) for (const event of await listEventsAfter(db, runId, after)) send(event);
    for (const event of hub.unloggedEvents(runId)) send(event);
  } finally {
    replaying = false;
  }
  for (const event of arrivedDuringReplay.sort((a, b) => a.seq - b.seq)) send(event);
  return stream;
}
