import { randomBytes } from 'node:crypto';
import { AGENT_API_KEY_PREFIX, type AgentApiKeyInfo, type AgentInfo, type MaInfo } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError, type AuthUser, type Viewer } from '../../core/index.js';
import { sha256 } from '../../platform/security/index.js';
import { apiKeyNotFound, badBearer, keysNotManageable, setupWithheld, tooManyKeys } from './agent-publish.errors.js';
import {
  countLiveKeys,
  findLiveKey,
  findLiveKeyByHash,
  insertApiKey,
  listLiveKeys,
  lockSubjectKeys,
  revokeKey,
  subjectColumns,
  subjectOf,
  touchKey,
  type ApiKeyRow,
  type KeySubject,
} from './agent-publish.repo.js';

export const MAX_LIVE_KEYS_PER_AGENT = 20;
/** `last_used_at` is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;
const KEY_RANDOM_CHARS = 40;

/** What the agent module answers: 40401 when the viewer may not use the agent. */
export interface AgentLookup {
  getUsableAgent(viewer: Viewer, id: string): Promise<AgentInfo>;
}

/** What the multi-agent module answers: 40401 when the viewer may not use the setup. */
export interface SetupLookup {
  getUsableSetup(viewer: Viewer, id: string): Promise<MaInfo>;
}

/** A key that authenticated: the agent or setup it opens, and its owner as the user the run acts for. */
export interface KeyHolder {
  keyId: string;
  subject: KeySubject;
  user: AuthUser;
}

/** An agent or a setup as key management sees it. */
interface Keyed {
  subject: KeySubject;
  owner_id: string;
  editable: boolean;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

/** `ak-` and 40 url-safe characters (30 random bytes). */
const newApiKey = () => `${AGENT_API_KEY_PREFIX}${randomBytes((KEY_RANDOM_CHARS * 3) / 4).toString('base64url')}`;

/** `ak-abcd****wxyz`: enough to tell keys apart, far too little to guess one. */
const maskedOf = (key: string) => `${key.slice(0, AGENT_API_KEY_PREFIX.length + 4)}****${key.slice(-4)}`;

function toInfo(row: ApiKeyRow, key?: string): AgentApiKeyInfo {
  return {
    id: row.id,
    agent_id: subjectOf(row).id,
    name: row.name,
    masked: row.masked,
    ...(key ? { key } : {}),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function createApiKeyService({ db, agents, setups }: { db: Db; agents: AgentLookup; setups: SetupLookup }) {
  const touchedAt = new Map<string, number>();

  /**
   * The agent or setup with this id (the calls take either as `agent_id`, as multi-agent chat does),
   * if the viewer may see it; the agent's 40401 when neither is found.
   */
  async function keyedOf(viewer: Viewer, id: string): Promise<Keyed> {
    try {
      const agent = await agents.getUsableAgent(viewer, id);
      return { subject: { kind: 'agent', id: agent.id }, owner_id: agent.owner_id, editable: agent.editable };
    } catch (agentError) {
      if (!isNotFound(agentError)) throw agentError;
      const setup = await setups.getUsableSetup(viewer, id).catch((error: unknown) => {
        throw isNotFound(error) ? agentError : error;
      });
      return { subject: { kind: 'setup', id: setup.id }, owner_id: setup.owner_id, editable: setup.editable };
    }
  }

  /** The agent or setup, if the viewer may manage its keys: 40401 when they cannot see it, 40301 when it is someone else's published one. */
  async function manageable(viewer: Viewer, id: string): Promise<Keyed> {
    const keyed = await keyedOf(viewer, id);
    if (!keyed.editable) throw keysNotManageable();
    return keyed;
  }

  return {
    /** The answer is the only time the whole key is shown. */
    async createKey(viewer: Viewer, id: string, name: string): Promise<AgentApiKeyInfo> {
      const { subject, owner_id } = await manageable(viewer, id);
      const key = newApiKey();
      const row = await db.transaction(async (tx) => {
        await lockSubjectKeys(tx, subject);
        if ((await countLiveKeys(tx, subject)) >= MAX_LIVE_KEYS_PER_AGENT) throw tooManyKeys(MAX_LIVE_KEYS_PER_AGENT);
        // Runs through the key act for the owner, whoever (owner or administrator) made the key.
        return insertApiKey(tx, { ...subjectColumns(subject), ownerId: owner_id, name, keyHash: sha256(key), masked: maskedOf(key) });
      });
      return toInfo(row, key);
    },

    async listKeys(viewer: Viewer, id: string): Promise<AgentApiKeyInfo[]> {
      const { subject } = await manageable(viewer, id);
      return (await listLiveKeys(db, subject)).map((row) => toInfo(row));
    },

    async revokeKey(viewer: Viewer, id: string): Promise<void> {
      const row = await findLiveKey(db, id);
      if (!row) throw apiKeyNotFound();
      // A key is private to those who manage its agent or setup: anyone else is told it does not exist.
      const keyed = await keyedOf(viewer, subjectOf(row).id).catch((error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      });
      if (!keyed?.editable) throw apiKeyNotFound();
      if (!(await revokeKey(db, id))) throw apiKeyNotFound();
    },

    /** The holder of a live key whose owner's account is active; otherwise 40101. */
    async authenticate(key: string): Promise<KeyHolder> {
      const row = await findLiveKeyByHash(db, sha256(key));
      if (!row?.owner || row.owner.status !== 'active') throw badBearer();
      const user: AuthUser = { ...row.owner, created_at: new Date(row.owner.created_at).toISOString(), sessionId: `api-key:${row.id}` };
      return { keyId: row.id, subject: subjectOf(row), user };
    },

    /** A setup answers through its keys only while it is published (an agent's keys work either way). */
    async assertServable(holder: KeyHolder): Promise<void> {
      if (holder.subject.kind !== 'setup') return;
      const setup = await setups.getUsableSetup(holder.user, holder.subject.id);
      if (!setup.is_public) throw setupWithheld(setup.name);
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
