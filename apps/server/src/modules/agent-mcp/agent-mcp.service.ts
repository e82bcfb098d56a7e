import type { IncomingMessage, ServerResponse } from 'node:http';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger, Viewer } from '../../core/index.js';
import type { HeadlessRunner, KeyGate, KeyHolder } from '../agent-publish/index.js';
import { askServer, type ServedSubject } from './ask-tool.js';
import { noSession, notServedByKey, sessionGone } from './agent-mcp.errors.js';
import { createMcpSessions, type SessionLimits } from './mcp-sessions.js';

type SubjectKind = KeyHolder['subject']['kind'];

export interface AgentMcpDeps {
  gate: KeyGate;
  /** Who runs and decides what a key opens: agent chat, multi-agent chat. */
  runners: Record<SubjectKind, HeadlessRunner>;
  /** The agent or setup as the key's owner may use it now (40401 otherwise). */
  subjects: Record<SubjectKind, (viewer: Viewer, id: string) => Promise<ServedSubject>>;
  log: Logger;
  limits?: Partial<SessionLimits> & { elicitationTimeoutMs?: number };
}

/** One HTTP request to an MCP URL, as the route reads it. */
export interface McpCall {
  ip: string;
  authorization: string | undefined;
  sessionId: string | undefined;
  /** The agent or setup the URL names. */
  subjectId: string;
  method: string;
  body: unknown;
}

/** What answers the request: the session's Streamable HTTP transport (the SDK's). */
export interface McpExchange {
  handleRequest(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
}

export type AgentMcp = ReturnType<typeof createAgentMcp>;

const DEFAULTS = { maxSessions: 1000, idleMs: 30 * 60_000, elicitationTimeoutMs: 10 * 60_000 };

/** Published agents and setups as MCP servers (Streamable HTTP, sessions), behind the same API keys as `/v1/chat/completions`. */
export function createAgentMcp({ gate, runners, subjects, log, limits = {} }: AgentMcpDeps) {
  const { maxSessions, idleMs, elicitationTimeoutMs } = { ...DEFAULTS, ...limits };
  const sessions = createMcpSessions({ maxSessions, idleMs });

  return {
    /**
     * Every request passes the key again (a revoked key stops its sessions at once). The key opens the
     * URL's agent or setup only, and a session only the key that opened it.
     */
    async exchange(call: McpCall): Promise<McpExchange> {
      const holder = await gate.holderOf(call.ip, call.authorization);
      if (holder.subject.id !== call.subjectId) throw notServedByKey();
      await gate.assertServable(holder);
      await gate.touch(holder);
      if (call.sessionId) {
        const session = sessions.find(call.sessionId);
        if (!session || session.keyId !== holder.keyId) throw sessionGone();
        return session.transport;
      }
      if (call.method !== 'POST' || !isInitializeRequest(call.body)) throw noSession();
      const subject = await subjects[holder.subject.kind](holder.user, holder.subject.id);
      const runner = runners[holder.subject.kind];
      return sessions.open(holder.keyId, subject.id, (activity) => askServer({ subject, holder, runner, log, elicitationTimeoutMs, busy: activity.busy }));
    },

    openSessions: () => sessions.size(),
    close: () => sessions.close(),
  };
}
