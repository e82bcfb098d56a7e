import type { StreamEvent, StreamEventType } from '@agent-platform/contracts';

/** One event of a `text/event-stream` body, before its data is read as JSON. */
export interface RawStreamEvent {
  /** The last `id:` seen (it carries over to later events, as in the EventSource standard). */
  id: string | null;
  event: string;
  data: string;
}

const KNOWN_TYPES: Record<StreamEventType, true> = {
  run: true,
  delta: true,
  reasoning: true,
  retrieval: true,
  action: true,
  observation: true,
  plan: true,
  handoff: true,
  await: true,
  usage: true,
  result: true,
  chart: true,
  error: true,
  done: true,
};

/**
 * Splits a `text/event-stream` body into events as its bytes arrive, in whatever pieces: a chunk may
 * end inside a line, inside a `\r\n`, or inside a multi-byte character. Comment lines (`: ping`) are
 * heartbeats and are skipped. Follows the EventSource standard's "interpreting an event stream".
 */
export class EventStreamParser {
  private readonly decoder = new TextDecoder('utf-8');
  private buffer = '';
  private started = false;
  private lastId: string | null = null;
  private eventType = '';
  private data: string[] = [];

  /** Feeds bytes; answers the events they complete. */
  push(chunk: Uint8Array): RawStreamEvent[] {
    return this.feed(this.decoder.decode(chunk, { stream: true }), false);
  }

  /** The body ended: a last line without its line break still counts; an unfinished event does not. */
  end(): RawStreamEvent[] {
    return this.feed(this.decoder.decode(), true);
  }

  private feed(text: string, final: boolean): RawStreamEvent[] {
    this.buffer += text;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.startsWith('\uFEFF')) this.buffer = this.buffer.slice(1);
    }
    const events: RawStreamEvent[] = [];
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = lineEnd.exec(this.buffer); match; match = lineEnd.exec(this.buffer)) {
      // A lone `\r` at the very end may be the first half of `\r\n`: wait for the next chunk.
      if (match[0] === '\r' && match.index === this.buffer.length - 1 && !final) break;
      this.line(this.buffer.slice(start, match.index), events);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    if (final) {
      if (this.buffer) this.line(this.buffer, events);
      this.buffer = '';
    }
    return events;
  }

  private line(line: string, events: RawStreamEvent[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push({ id: this.lastId, event: this.eventType || 'message', data: this.data.join('\n') });
      this.data = [];
      this.eventType = '';
      return;
    }
    if (line.startsWith(':')) return; // a comment: the server's heartbeat
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
  }
}

/**
 * A raw event as the contract's typed event; null for event types this client does not know (a newer
 * server may send more) and for data that is not JSON.
 */
export function toStreamEvent(raw: RawStreamEvent): StreamEvent | null {
  if (!Object.hasOwn(KNOWN_TYPES, raw.event)) return null;
  const id = Number(raw.id);
  let data: unknown;
  try {
    data = JSON.parse(raw.data);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  return { id: Number.isFinite(id) ? id : 0, event: raw.event, data } as StreamEvent;
}
