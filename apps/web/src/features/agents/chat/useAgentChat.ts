import { MA_DRAFT_ID, type CreateAgentBody, type CreateMaBody } from '@agent-platform/contracts';
import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import type { RunStreamOptions } from '../../../lib/run-stream';
import type { AttachedFile } from '../../../lib/chat-messages';
import { useChatPane } from '../../conversations';
import { applyAgentEvent, pendingAgentAnswer, resumeAnswer, type AgentMessageView, type Decision } from './agent-messages';
import { replayRun, streamAgentChat, streamDecision, type AgentChatMode } from './api';
import { AGENT_CHAT_TEXT as TEXT } from './constants';
import { decisionRequest } from './decisions';
import { findTrackedRun, trackRun, untrackRun } from './run-tracker';
import { fromAgentMessage } from './stored-messages';

export interface AgentChatOptions {
  agentId: string;
  mode: AgentChatMode;
  /** The builder's unsaved configuration (or the multi-agent editor's unsaved setup), for this turn only. */
  draft?: Partial<CreateAgentBody> | CreateMaBody;
  onConversation?: (conversationId: string) => void;
  /** Whether a reload re-attaches to the run being read (not in the builder's preview). */
  remember: boolean;
}

/**
 * An agent conversation: questions, the streamed answers with their tool steps, the decisions at a
 * pause (each continuing the same answer), and re-attaching to a run a reload interrupted.
 */
export function useAgentChat({ agentId, mode, draft, onConversation, remember }: AgentChatOptions) {
  const fileIds = useRef<string[]>([]);

  // Remembers the run being read until it ends, so a reload can re-attach to it.
  const tracking = (options: RunStreamOptions, conversationId: string | null, runId: string | null = null): RunStreamOptions => {
    if (!remember) return options;
    if (runId) trackRun(mode, agentId, { runId, conversationId });
    return {
      ...options,
      onEvent: (event) => {
        if (event.event === 'run') trackRun(mode, agentId, { runId: event.data.run_id, conversationId: event.data.conversation_id ?? conversationId });
        if (event.event === 'done') untrackRun(event.data.run_id);
        options.onEvent(event);
      },
    };
  };

  const session = useChatPane<AgentMessageView>({
    apply: applyAgentEvent,
    fromStored: fromAgentMessage,
    start: (turn, options) => {
      const body = {
        // A setup not yet created has no id: its draft alone is sent.
        ...(draft && agentId === MA_DRAFT_ID ? {} : { agent_id: agentId }),
        query: turn.question,
        file_ids: turn.regenerate ? [] : fileIds.current,
        ...(turn.conversationId ? { conversation_id: turn.conversationId } : {}),
        ...(draft ? { draft } : {}),
        ...(turn.regenerate ? { regenerate: true } : {}),
      };
      return streamAgentChat(mode, body, tracking(options, turn.conversationId));
    },
    onConversationStarted: (id) => onConversation?.(id),
    onResumeRefused: (error) => toast.error(TEXT.decisionFailed, { description: error.message }),
  });

  const { resume, open, loadConversation } = session;
  /** Follows a run from its first event into `answer` (a reload, or a plan reopened from the list). */
  const follow = useCallback(
    (answer: AgentMessageView, runId: string, conversationId: string | null) => {
      resume(
        answer,
        runId,
        (options) => replayRun(runId, tracking(options, conversationId, runId)),
        () => ({ ...pendingAgentAnswer(), key: answer.key, runId }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tracking` only reads mode, agentId and remember
    [resume, mode, agentId, remember],
  );

  /**
   * Shows a stored conversation. A run of it this tab was reading when it reloaded, or `followRunId`
   * (a run going on elsewhere), is followed from its first event.
   */
  const openConversation = useCallback(
    async (conversationId: string | null, followRunId?: string) => {
      const tracked = findTrackedRun(mode, agentId);
      // Leaving the conversation of a run being read: it goes on, but a reload no longer returns to it.
      if (tracked && tracked.conversationId !== conversationId) untrackRun(tracked.runId);
      if (!conversationId) {
        open(null, []);
        return;
      }
      const stored = await loadConversation(conversationId);
      if (!stored) return;
      const runId = followRunId ?? (tracked?.conversationId === conversationId ? tracked.runId : undefined);
      if (!runId) {
        open(conversationId, stored);
        return;
      }
      // The answer is stored at the run's first pause or end: before that, it is a new one.
      const answer = stored.find((message) => message.role === 'assistant' && message.runId === runId) ?? { ...pendingAgentAnswer(), runId };
      open(conversationId, stored.includes(answer) ? stored : [...stored, answer]);
      follow(answer, runId, conversationId);
    },
    [open, loadConversation, mode, agentId, follow],
  );

  /** A person's decision at the pause of `message`: its stream goes on in the same answer. */
  const decide = useCallback(
    (message: AgentMessageView, decision: Decision) => {
      const { pause, runId } = message;
      if (!pause || !runId) return;
      const { call, body } = decisionRequest(pause.kind, runId, decision);
      const conversationId = session.conversationId;
      resume(
        message,
        runId,
        (options) => streamDecision(mode, call, body, tracking(options, conversationId, runId)),
        (current) => resumeAnswer(current, decision),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tracking` only reads mode, agentId and remember
    [resume, session.conversationId, mode, agentId, remember],
  );

  return {
    session,
    openConversation,
    decide,
    send: (query: string, files: AttachedFile[]) => {
      fileIds.current = files.map((file) => file.id);
      session.send(query, files);
    },
    regenerate: session.regenerate,
    /** The run this tab was reading when it reloaded, if any (its conversation to reopen). */
    trackedRun: () => findTrackedRun(mode, agentId),
  };
}
