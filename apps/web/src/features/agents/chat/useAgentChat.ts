import type { CreateAgentBody } from '@agent-platform/contracts';
import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import type { RunStreamOptions } from '../../../lib/run-stream';
import { useChatSession } from '../../../lib/use-chat-session';
import { useLoadConversationMessages, useRefreshConversations } from '../../conversations';
import { applyAgentEvent, pendingAgentAnswer, resumeAnswer, type AgentMessageView, type Decision } from './agent-messages';
import { replayRun, streamAgentChat, streamDecision, type AgentChatMode } from './api';
import { AGENT_CHAT_TEXT as TEXT } from './constants';
import { decisionRequest } from './decisions';
import { findTrackedRun, trackRun, untrackRun } from './run-tracker';
import { fromAgentMessage } from './stored-messages';

export interface AgentChatOptions {
  agentId: string;
  mode: AgentChatMode;
  /** The builder's unsaved configuration, for this turn only. */
  draft?: Partial<CreateAgentBody>;
  onConversation?: (conversationId: string) => void;
}

/**
 * An agent conversation: questions, the streamed answers with their tool steps, the decisions at a
 * pause (each continuing the same answer), and re-attaching to a run a reload interrupted.
 */
export function useAgentChat({ agentId, mode, draft, onConversation }: AgentChatOptions) {
  const refreshConversations = useRefreshConversations();
  const loadMessages = useLoadConversationMessages();
  const fileIds = useRef<string[]>([]);
  const lastQuestion = useRef('');

  // Remembers the run being read until it ends, so a reload can re-attach to it.
  const tracking = (options: RunStreamOptions, conversationId: string | null): RunStreamOptions => ({
    ...options,
    onEvent: (event) => {
      if (event.event === 'run') trackRun(mode, agentId, { runId: event.data.run_id, conversationId: event.data.conversation_id ?? conversationId });
      if (event.event === 'done') untrackRun(event.data.run_id);
      options.onEvent(event);
    },
  });

  const session = useChatSession<AgentMessageView>({
    apply: applyAgentEvent,
    start: (request, options) => {
      const query = request.regenerate ? lastQuestion.current : (request.query ?? '');
      lastQuestion.current = query;
      const body = {
        agent_id: agentId,
        query,
        file_ids: request.regenerate ? [] : fileIds.current,
        ...(request.conversationId ? { conversation_id: request.conversationId } : {}),
        ...(draft ? { draft } : {}),
        ...(request.regenerate ? { regenerate: true } : {}),
      };
      return streamAgentChat(mode, body, tracking(options, request.conversationId));
    },
    onConversationStarted: (id) => {
      void refreshConversations();
      onConversation?.(id);
    },
    onTurnEnd: () => void refreshConversations(),
    onResumeRefused: (error) => toast.error(TEXT.decisionFailed, { description: error.message }),
  });

  const { resume, open } = session;
  /** Follows a run from its first event into `answer` (a reload, or a plan reopened from the list). */
  const follow = useCallback(
    (answer: AgentMessageView, runId: string, conversationId: string | null) => {
      trackRun(mode, agentId, { runId, conversationId });
      resume(answer, runId, (options) => replayRun(runId, tracking(options, conversationId)), () => ({ ...pendingAgentAnswer(), key: answer.key, runId }));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tracking` only reads mode and agentId
    [resume, mode, agentId],
  );

  /** Shows a stored conversation; a run of it this tab was reading when it reloaded is followed again. */
  const openConversation = useCallback(
    async (conversationId: string | null) => {
      if (!conversationId) {
        open(null, []);
        return;
      }
      try {
        const stored = (await loadMessages(conversationId)).map(fromAgentMessage);
        lastQuestion.current = stored.findLast((message) => message.role === 'user')?.content ?? '';
        const tracked = findTrackedRun(mode, agentId);
        if (!tracked || tracked.conversationId !== conversationId) {
          open(conversationId, stored);
          return;
        }
        const answer = stored.find((message) => message.role === 'assistant' && message.runId === tracked.runId) ?? { ...pendingAgentAnswer(), runId: tracked.runId };
        open(conversationId, stored.includes(answer) ? stored : [...stored, answer]);
        follow(answer, tracked.runId, conversationId);
      } catch (error) {
        toast.error(TEXT.loadFailed, { description: (error as Error).message });
      }
    },
    [open, loadMessages, mode, agentId, follow],
  );

  /** A person's decision at the pause of `message`: its stream goes on in the same answer. */
  const decide = useCallback(
    (message: AgentMessageView, decision: Decision) => {
      const { pause, runId } = message;
      if (!pause || !runId) return;
      const { call, body } = decisionRequest(pause.kind, runId, decision);
      const conversationId = session.conversationId;
      trackRun(mode, agentId, { runId, conversationId });
      resume(message, runId, (options) => streamDecision(mode, call, body, tracking(options, conversationId)), (current) => resumeAnswer(current, decision));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tracking` only reads mode and agentId
    [resume, session.conversationId, mode, agentId],
  );

  return {
    session,
    openConversation,
    follow,
    decide,
    send: (query: string, files: string[]) => {
      fileIds.current = files;
      session.send(query);
    },
    regenerate: session.regenerate,
    /** The run this tab was reading when it reloaded, if any (its conversation to reopen). */
    trackedRun: () => findTrackedRun(mode, agentId),
  };
}
