import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { tooManySessions } from './agent-mcp.errors.js';

/** One MCP client's session in this process: its transport and server, the key it opened with. */
interface Session {
  keyId: string;
  subjectId: string;
  transport: StreamableHTTPServerTransport;
  server?: McpServer;
  lastSeen: number;
  /** Questions running now: a busy session is never closed for idleness. */
  running: number;
}

export interface SessionLimits {
  /** Sessions one process keeps; the least recently used idle one makes room for a new one. */
  maxSessions: number;
  /** A session nobody used for this long (and not answering) is closed; its client reconnects. */
  idleMs: number;
}

/** What a session's server may do with its session: mark it busy while a question runs. */
export interface SessionActivity {
  busy<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * MCP sessions live in the process that opened them (elicitation needs the client's stream and its
 * answer in the same place): several processes need sticky routing by `Mcp-Session-Id`; a session a
 * process does not know is answered 404, and the client opens a new one.
 */
export function createMcpSessions({ maxSessions, idleMs }: SessionLimits) {
  const sessions = new Map<string, Session>();

  const isIdle = (session: Session, now: number) => session.running === 0 && now - session.lastSeen > idleMs;
  const end = (session: Session) => void (session.server ?? session.transport).close().catch(() => undefined);

  function makeRoom(): void {
    const now = Date.now();
    for (const session of sessions.values()) if (isIdle(session, now)) end(session);
    if (sessions.size < maxSessions) return;
    const oldest = [...sessions.values()].filter((session) => session.running === 0).sort((a, b) => a.lastSeen - b.lastSeen)[0];
    if (!oldest) throw tooManySessions();
    end(oldest);
  }

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const session of sessions.values()) if (isIdle(session, now)) end(session);
    },
    Math.min(idleMs, 60_000),
  );
  sweeper.unref();

  return {
    /** The session with this id, used now; `undefined` when this process does not know it. */
    find(id: string): Pick<Session, 'keyId' | 'subjectId' | 'transport'> | undefined {
      const session = sessions.get(id);
      if (session) session.lastSeen = Date.now();
      return session;
    },

    /** A new session for the key, its server built for it; kept once the client's `initialize` is answered. */
    async open(keyId: string, subjectId: string, build: (activity: SessionActivity) => Promise<McpServer>): Promise<StreamableHTTPServerTransport> {
      // The MCP SDK's server side is loaded by the first session, not by every server.
      const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
      if (sessions.size >= maxSessions) makeRoom();
      const session: Session = {
        keyId,
        subjectId,
        lastSeen: Date.now(),
        running: 0,
        transport: new StreamableHTTPServerTransport({
          sessionIdGenerator: randomUUID,
          onsessioninitialized: (id) => void sessions.set(id, session),
        }),
      };
      session.transport.onclose = () => {
        if (session.transport.sessionId) sessions.delete(session.transport.sessionId);
      };
      session.server = await build({
        async busy(work) {
          session.running += 1;
          try {
            return await work();
          } finally {
            session.running -= 1;
            session.lastSeen = Date.now();
          }
        },
      });
      await session.server.connect(session.transport);
      return session.transport;
    },

    /** Sessions open now (tests, and a look at the process). */
    size: () => sessions.size,

    async close(): Promise<void> {
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => (session.server ?? session.transport).close().catch(() => undefined)));
      sessions.clear();
    },
  };
}
