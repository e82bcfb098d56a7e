import type { FastifyReply } from 'fastify';

export interface StreamEvent {
  seq: number;
  type: string;
  data: unknown;
}

const HEARTBEAT_MS = 15_000;

/** A `text/event-stream` answer in the format of spec/streaming.md, with heartbeats against idle proxies. */
export class EventStream {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private readonly closeHandlers: Array<() => void> = [];

  constructor(private readonly reply: FastifyReply) {
    reply.hijack();
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

  end(): void {
    if (this.closed) return;
    this.reply.raw.end();
    this.markClosed();
  }

  private writeRaw(text: string): void {
    if (!this.closed) this.reply.raw.write(text);
  }

  private markClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
