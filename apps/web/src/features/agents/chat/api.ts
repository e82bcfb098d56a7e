import type { AgentChatBody, CommonUploadResult, CreateMaBody, HitlDecision, Page, PlanRunInfo } from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../../lib/http';
import { attachRun, streamRun, type RunStreamOptions, type RunStreamResult } from '../../../lib/run-stream';

/** Agent chat, plan chat and multi-agent chat share the body, the stream and the decisions; only the path differs (`agent_id` is the setup's in `ma`). */
export type AgentChatMode = 'chat' | 'plan' | 'ma';

const CHAT_PATHS: Record<AgentChatMode, string> = { chat: '/agent/chat', plan: '/agent/plan_chat', ma: '/ma/chat' };

/**
 * `regenerate` asks the same question again in the same conversation. `draft`: the builder's unsaved
 * agent, or the multi-agent editor's unsaved setup (whose `agent_id` is absent until it is created).
 */
export type AgentChatRequest = Omit<AgentChatBody, 'agent_id' | 'draft'> & { agent_id?: string; draft?: AgentChatBody['draft'] | CreateMaBody; regenerate?: boolean };

export function streamAgentChat(mode: AgentChatMode, body: AgentChatRequest, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun(CHAT_PATHS[mode], body, options);
}

/** A decision's body: `hitl_replace` carries `content`, `hitl_feedback` a `feedback`, the others the run id only. */
export type DecisionBody = { run_id: string; content?: unknown; feedback?: string };

/** A human decision at a pause; the answer is the run's stream going on (no second `run` event). */
export function streamDecision(mode: AgentChatMode, decision: HitlDecision, body: DecisionBody, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun(`${CHAT_PATHS[mode]}/${decision}`, body, options);
}

/**
 * Replays a run from its first event and follows it to where it stands now: the server replays past the
 * pauses a person already answered and ends at the one the run still waits at (or at its end).
 */
export function replayRun(runId: string, options: RunStreamOptions): Promise<RunStreamResult> {
  return attachRun(runId, 0, options);
}

export function listPlanRuns(body: { page: number; page_size: number; agent_id?: string }): Promise<Page<PlanRunInfo>> {
  return http.post<Page<PlanRunInfo>>('/agent/list_plan_runs', body);
}

/** A file for the question (`file_ids`): into the user's private files, renamed on a clash. */
export function uploadChatFile(file: File, signal?: AbortSignal): Promise<CommonUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<CommonUploadResult>('/common/file/upload', form, { timeout: NO_TIMEOUT, signal });
}
