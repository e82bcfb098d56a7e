/** One event of docs/streaming.md as a client reads it. */
export interface SseEvent {
  id: number;
  event: string;
  data: any;
}

/** Parses a whole `text/event-stream` body (heartbeat comments skipped). */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map(parseBlock);
}

function parseBlock(block: string): SseEvent {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const colon = line.indexOf(': ');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return { id: Number(fields.get('id')), event: fields.get('event') ?? '', data: JSON.parse(fields.get('data') ?? 'null') };
}

/** Reads a streamed response event by event, as a browser's fetch would. */
export async function* readSse(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.trim() !== '' && !block.startsWith(':')) yield parseBlock(block);
    }
  }
}

/** Reads events until one matches, without closing the stream (a `for await` + `break` would close it). */
export async function readUntil(stream: AsyncGenerator<SseEvent>, done: (event: SseEvent) => boolean): Promise<SseEvent[]> {
  const seen: SseEvent[] = [];
  for (;;) {
    const { value, done: ended } = await stream.next();
    if (ended) return seen;
    seen.push(value);
    if (done(value)) return seen;
  }
}
