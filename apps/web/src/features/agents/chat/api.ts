import type { AgentChatBody, CommonUploadResult, HitlDecision, Page, PlanRunInfo } from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../../lib/http';
import { attachRun, streamRun, type RunStreamOptions, type RunStreamResult } from '../../../lib/run-stream';

/** Agent chat and plan chat share the body, the stream and the five decisions; only the path differs. */
export type AgentChatMode = 'chat' | 'plan';

const CHAT_PATHS: Record<AgentChatMode, string> = { chat: '/agent/chat', plan: '/agent/plan_chat' };

/** `regenerate` asks the same question again in the same conversation. */
export type AgentChatRequest = AgentChatBody & { regenerate?: boolean };

export function streamAgentChat(mode: AgentChatMode, body: AgentChatRequest, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun(CHAT_PATHS[mode], body, options);
}

/** A decision's body: `hitl_replace` carries `content`, `hitl_feedback` a `feedback`, the others the run id only. */
export type DecisionBody = { run_id: string; content?: unknown; feedback?: string };

/** A human decision at a pause; the answer is the run's stream going on (no second `run` event). */
export function streamDecision(mode: AgentChatMode, decision: HitlDecision, body: DecisionBody, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun(`${CHAT_PATHS[mode]}/${decision}`, body, options);
}

/** How long a re-attach waits for a replayed event before taking the run as paused where it is. */
const PAUSE_PROBE_MS = 2_500;

/**
 * Replays a run from its first event and follows it to where it stands now. The log has a `done
 * awaiting` at each pause a person already answered, and a re-attach stops at each `done`: so after
 * a pause, attach again; if nothing comes at once, the run is still waiting there.
 */
export async function replayRun(runId: string, options: RunStreamOptions, probeMs = PAUSE_PROBE_MS): Promise<RunStreamResult> {
  let result = await attachRun(runId, 0, options);
  while (result.status === 'awaiting' && !options.signal?.aborted) {
    const probe = new AbortController();
    const stop = () => probe.abort();
    options.signal?.addEventListener('abort', stop);
    let received = false;
    const timer = setTimeout(() => {
      if (!received) probe.abort();
    }, probeMs);
    try {
      const next = await attachRun(runId, result.lastId, {
        signal: probe.signal,
        onEvent: (event) => {
          received = true;
          options.onEvent(event);
        },
      });
      if (!received) return result;
      result = next;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
  }
  return result;
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
