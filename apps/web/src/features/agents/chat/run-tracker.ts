import type { AgentChatMode } from './api';

/** Runs this tab was reading when it was closed or reloaded: the page re-attaches to them. */
const STORAGE_KEY = 'agent-chat-running';

export interface TrackedRun {
  runId: string;
  conversationId: string | null;
}

type Tracked = Record<string, TrackedRun>;

const slot = (mode: AgentChatMode, agentId: string) => `${mode}:${agentId}`;

function read(): Tracked {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Tracked) : {};
  } catch {
    return {};
  }
}

function write(tracked: Tracked): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tracked));
  } catch {
    // storage full or disabled: a reload then shows the stored answer without re-attaching
  }
}

export function trackRun(mode: AgentChatMode, agentId: string, run: TrackedRun): void {
  write({ ...read(), [slot(mode, agentId)]: run });
}

export function untrackRun(runId: string): void {
  const tracked = read();
  write(Object.fromEntries(Object.entries(tracked).filter(([, run]) => run.runId !== runId)));
}

export function findTrackedRun(mode: AgentChatMode, agentId: string): TrackedRun | null {
  return read()[slot(mode, agentId)] ?? null;
}
