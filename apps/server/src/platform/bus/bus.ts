import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * Notifications between server processes: PostgreSQL LISTEN/NOTIFY when there are many processes,
 * an in-process emitter with embedded PGlite (one process). Every publish reaches every subscriber,
 * the publishing process included.
 */
export interface Bus {
  /**
   * A NOTIFY on a channel inside any statement of the database reaches the subscribers when it
   * commits: a write can carry its own announcement (PostgreSQL; not the in-process emitter).
   */
  readonly inDatabase: boolean;
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: (payload: string) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid bus channel name: ${channel}`);
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    inDatabase: false,
    async publish(channel, payload) {
      assertChannel(channel);
      emitter.emit(channel, payload);
    },
    subscribe(channel, handler) {
      assertChannel(channel);
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MS = 1_000;

/** One dedicated connection listens; it reconnects and re-listens after a failure. */
export async function createPostgresBus(url: string, onError: (error: Error) => void): Promise<Bus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | undefined;
  let closed = false;
  // pg wants one query at a time per client: LISTENs and NOTIFYs take turns.
  let turn: Promise<unknown> = Promise.resolve();
  const query = (text: string, values?: string[]) => {
    const run = turn.then(() => {
      if (!client) throw new Error('notification connection is down');
      return client.query(text, values);
    });
    turn = run.catch(() => undefined);
    return run;
  };

  // Loaded here: a server on PGlite never needs PostgreSQL's driver.
  const { Client } = (await import('pg')).default;
  async function connect(): Promise<void> {
    const next = new Client({ connectionString: url });
    next.on('notification', (message) => local.emit(message.channel, message.payload ?? ''));
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = undefined;
      if (!closed) setTimeout(() => void connect().catch(onError), RECONNECT_MS).unref();
    });
    await next.connect();
    for (const channel of channels) await next.query(`listen ${channel}`);
    client = next;
  }
  await connect();

  return {
    inDatabase: true,
    async publish(channel, payload) {
      assertChannel(channel);
      await query('select pg_notify($1, $2)', [channel, payload]);
    },
    subscribe(channel, handler) {
      assertChannel(channel);
      if (!channels.has(channel)) {
        channels.add(channel);
        if (client) query(`listen ${channel}`).catch(onError);
      }
      local.on(channel, handler);
      return () => local.off(channel, handler);
    },
    async close() {
      closed = true;
      local.removeAllListeners();
      // Notifications already published go out first: ending the connection under them failed each.
      await turn;
      await client?.end().catch(() => undefined);
    },
  };
}
