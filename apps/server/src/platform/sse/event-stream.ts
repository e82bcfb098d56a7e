import type { FastifyReply } from 'fastify';

export interface StreamEvent {
  seq: number;
  type: string;
  data: unknown;
}

const HEARTBEAT_MS = 15_000;

/** A `text/event-stream` answer in the format of docs/streaming.md, with heartbeats against idle proxies. */
export class EventStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private corked = false;
  private readonly closeHandlers: Array<() => void> = [];

  constructor(private readonly reply: FastifyReply) {
    reply.hijack();
    this.cork(); // the headers leave with the first event
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
      ...(reply.getHeaders() as Record<string, string>),
    });
    reply.raw.flushHeaders();
    this.heartbeat = setInterval(() => this.writeRaw(': ping\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    reply.raw.on('close', () => this.markClosed());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onClose(handler: () => void): void {
    if (this.closed) handler();
    else this.closeHandlers.push(handler);
  }

  send(event: StreamEvent): void {
    this.writeRaw(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  }

  /** A `data:` line only, for wire formats without event names or ids (OpenAI's). */
  sendData(data: string): void {
    this.writeRaw(`data: ${data}\n\n`);
  }

  end(): void {
    if (this.closed) return;
    this.uncork();
    this.reply.raw.end();
    this.markClosed();
  }

  private writeRaw(text: string): void {
    if (this.closed) return;
    this.cork();
    this.reply.raw.write(text);
  }

  /**
   * What is written in one tick leaves in one system call (headers with the first event, `usage` with
   * `done`): socket writes were the largest single cost of streaming fifty answers at once.
   */
  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    this.reply.raw.cork();
    process.nextTick(() => this.uncork());
  }

  private uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.reply.raw.uncork();
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}

/**
 * A run's sink for a route: the response becomes the stream when the run starts, so a refusal before
 * it is still an ordinary envelope.
 */
export const sseSink = (reply: FastifyReply) => (): EventStream => new EventStream(reply);
