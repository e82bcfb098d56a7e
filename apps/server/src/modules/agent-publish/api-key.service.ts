import { randomBytes } from 'node:crypto';
import { AGENT_API_KEY_PREFIX, type AgentApiKeyInfo, type AgentInfo } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, type AuthUser, type Viewer } from '../../core/index.js';
import { sha256 } from '../../platform/security/index.js';
import { apiKeyNotFound, badBearer, keysNotManageable, tooManyKeys } from './agent-publish.errors.js';
import { countLiveKeys, findLiveKey, findLiveKeyByHash, insertApiKey, listLiveKeys, lockAgentKeys, revokeKey, touchKey, type ApiKeyRow } from './agent-publish.repo.js';

export const MAX_LIVE_KEYS_PER_AGENT = 20;
/** `last_used_at` is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;
const KEY_RANDOM_CHARS = 40;

/** What the agent module answers: 40401 when the viewer may not use the agent. */
export interface AgentLookup {
  getUsableAgent(viewer: Viewer, id: string): Promise<AgentInfo>;
}

/** A key that authenticated: the agent it opens, and its owner as the user the run acts for. */
export interface KeyHolder {
  keyId: string;
  agentId: string;
  user: AuthUser;
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** `ak-` and 40 url-safe characters (30 random bytes). */
const newApiKey = () => `${AGENT_API_KEY_PREFIX}${randomBytes((KEY_RANDOM_CHARS * 3) / 4).toString('base64url')}`;

/** `ak-abcd****wxyz`: enough to tell keys apart, far too little to guess one. */
const maskedOf = (key: string) => `${key.slice(0, AGENT_API_KEY_PREFIX.length + 4)}****${key.slice(-4)}`;

function toInfo(row: ApiKeyRow, key?: string): AgentApiKeyInfo {
  return {
    id: row.id,
    agent_id: row.agentId,
    name: row.name,
    masked: row.masked,
    ...(key ? { key } : {}),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function createApiKeyService({ db, agents }: { db: Db; agents: AgentLookup }) {
  const touchedAt = new Map<string, number>();

  /** The agent, if the viewer may manage its keys: 40401 when they cannot see it, 40301 when it is someone else's published agent. */
  async function manageableAgent(viewer: Viewer, agentId: string): Promise<AgentInfo> {
    const agent = await agents.getUsableAgent(viewer, agentId);
    if (!agent.editable) throw keysNotManageable();
    return agent;
  }

  return {
    /** The answer is the only time the whole key is shown. */
    async createKey(viewer: Viewer, agentId: string, name: string): Promise<AgentApiKeyInfo> {
      const agent = await manageableAgent(viewer, agentId);
      const key = newApiKey();
      const row = await db.transaction(async (tx) => {
        await lockAgentKeys(tx, agent.id);
        if ((await countLiveKeys(tx, agent.id)) >= MAX_LIVE_KEYS_PER_AGENT) throw tooManyKeys(MAX_LIVE_KEYS_PER_AGENT);
        // Runs through the key act for the agent's owner, whoever (owner or administrator) made the key.
        return insertApiKey(tx, { agentId: agent.id, ownerId: agent.owner_id, name, keyHash: sha256(key), masked: maskedOf(key) });
      });
      return toInfo(row, key);
    },

    async listKeys(viewer: Viewer, agentId: string): Promise<AgentApiKeyInfo[]> {
      const agent = await manageableAgent(viewer, agentId);
      return (await listLiveKeys(db, agent.id)).map((row) => toInfo(row));
    },

    async revokeKey(viewer: Viewer, id: string): Promise<void> {
      const row = await findLiveKey(db, id);
      if (!row) throw apiKeyNotFound();
      // A key is private to those who manage its agent: anyone else is told it does not exist.
      const agent = await agents.getUsableAgent(viewer, row.agentId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      });
      if (!agent?.editable) throw apiKeyNotFound();
      if (!(await revokeKey(db, id))) throw apiKeyNotFound();
    },

    /** The holder of a live key whose owner's account is active; otherwise 40101. */
    async authenticate(key: string): Promise<KeyHolder> {
      const row = await findLiveKeyByHash(db, sha256(key));
      if (!row?.owner || row.owner.status !== 'active') throw badBearer();
      const user: AuthUser = { ...row.owner, created_at: new Date(row.owner.created_at).toISOString(), sessionId: `api-key:${row.id}` };
      return { keyId: row.id, agentId: row.agentId, user };
    },

    /** Records a use; at most one write per key a minute in each process, and across processes by the condition. */
    async touch(keyId: string): Promise<void> {
      const now = Date.now();
      if (now - (touchedAt.get(keyId) ?? 0) < TOUCH_INTERVAL_MS) return;
      touchedAt.set(keyId, now);
      if (touchedAt.size > 10_000) touchedAt.clear();
      await touchKey(db, keyId, TOUCH_INTERVAL_MS);
    },
  };
}
