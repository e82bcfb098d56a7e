import { useCallback, useEffect, useRef, useState } from 'react';
import type { StreamEvent } from '@agent-platform/contracts';
import { applyStreamEvent, pendingAnswer, userMessage, type AttachedFile, type ChatMessageView } from './chat-messages';
import { toApiError, type ApiError } from './http';
import { cancelRun, type RunStreamOptions, type RunStreamResult } from './run-stream';

/** What a chat page asks its server for: a new question, or the last question answered again. */
export interface ChatTurnRequest {
  query?: string;
  regenerate?: boolean;
  conversationId: string | null;
}

/** Opens a stream that goes on with an existing run (a human decision, a re-attach). */
export type RunConnector = (options: RunStreamOptions) => Promise<RunStreamResult>;

/**
 * `M` may add optional fields to the message (e.g. an agent's tool steps); `apply` fills them.
 */
export interface ChatSessionOptions<M extends ChatMessageView = ChatMessageView> {
  /** Starts the page's chat call (e.g. `streamRun('/llm/chat', body, options)`). */
  start: (request: ChatTurnRequest, options: RunStreamOptions) => Promise<RunStreamResult>;
  /** The server opened a new conversation for the first question. */
  onConversationStarted?: (conversationId: string) => void;
  /** A turn ended, however it ended. */
  onTurnEnd?: (answer: M) => void;
  /** How one event changes the answer; default `applyStreamEvent`. */
  apply?: (message: M, event: StreamEvent) => M;
  /** `resume` was refused before its stream began (e.g. 40901): the answer is left as it was. */
  onResumeRefused?: (error: ApiError) => void;
}

export interface ChatSession<M extends ChatMessageView = ChatMessageView> {
  messages: M[];
  conversationId: string | null;
  isRunning: boolean;
  /** `files`: shown with the question (what the request carries is up to `start`). */
  send: (query: string, files?: AttachedFile[]) => void;
  /** Answers the last question again; the previous answer is replaced. */
  regenerate: () => void;
  /** Stops the run on the server and stops reading its stream. */
  stop: () => void;
  /** Shows a stored conversation (or an empty new one with `null`). */
  open: (conversationId: string | null, messages: M[]) => void;
  /**
   * Goes on with run `runId` into `message`, an answer shown (a decision's stream, a re-attach):
   * `prepare` sets the answer up first; a refusal restores it and calls `onResumeRefused`.
   */
  resume: (message: M, runId: string, connect: RunConnector, prepare?: (message: M) => M) => void;
}

/**
 * One conversation of a chat page: the messages, the run being streamed, stop and regenerate. Every
 * chat (model playground, knowledge base, agent …) uses it with its own `start`.
 */
export function useChatSession<M extends ChatMessageView = ChatMessageView>(options: ChatSessionOptions<M>): ChatSession<M> {
  const [messages, setMessages] = useState<M[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const live = useRef({ conversationId: null as string | null, controller: null as AbortController | null, runId: null as string | null, stopAsked: false });
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // Leaving the page stops reading; the run itself goes on and its answer is saved (docs/streaming.md).
  useEffect(() => () => live.current.controller?.abort(), []);

  const update = useCallback((key: string, change: (message: M) => M) => {
    setMessages((current) => current.map((message) => (message.key === key ? change(message) : message)));
  }, []);

  const cancelOnServer = useCallback(() => {
    const { runId, controller } = live.current;
    if (!runId) return;
    cancelRun(runId).catch(() => undefined); // already ended: nothing to stop
    controller?.abort();
  }, []);

  const run = useCallback(
    async (connect: RunConnector, placeholder: M, resumed: { runId: string; before: M } | null = null) => {
      const controller = new AbortController();
      Object.assign(live.current, { controller, runId: resumed?.runId ?? null, stopAsked: false });
      setIsRunning(true);
      let answer = placeholder;
      let received = false;
      const change = (next: (message: M) => M) => {
        const snapshot = next(answer);
        answer = snapshot;
        update(placeholder.key, () => snapshot);
      };
      const apply = latest.current.apply ?? (applyStreamEvent as unknown as (message: M, event: StreamEvent) => M);
      try {
        const result = await connect({
          signal: controller.signal,
          onEvent: (event) => {
            received = true;
            if (event.event === 'run') {
              live.current.runId = event.data.run_id;
              const started = event.data.conversation_id;
              if (started && started !== live.current.conversationId) {
                live.current.conversationId = started;
                setConversationId(started);
                latest.current.onConversationStarted?.(started);
              }
              if (live.current.stopAsked) cancelOnServer();
            }
            change((message) => apply(message, event));
          },
        });
        if (result.status === null) change((message) => ({ ...message, status: message.status === 'streaming' ? 'cancelled' : message.status }));
      } catch (error) {
        if (resumed && !received) {
          change(() => resumed.before);
          latest.current.onResumeRefused?.(toApiError(error));
        } else {
          change((message) => ({ ...message, status: 'error', error: toApiError(error).message }));
        }
      } finally {
        if (live.current.controller === controller) {
          Object.assign(live.current, { controller: null, runId: null });
          setIsRunning(false);
          latest.current.onTurnEnd?.(answer);
        }
      }
    },
    [update, cancelOnServer],
  );

  const send = useCallback(
    (query: string, files?: AttachedFile[]) => {
      if (live.current.controller || !query.trim()) return;
      const answer = pendingAnswer() as M;
      setMessages((current) => [...current, userMessage(query, files) as M, answer]);
      void run((options) => latest.current.start({ query, conversationId: live.current.conversationId }, options), answer);
    },
    [run],
  );

  const regenerate = useCallback(() => {
    if (live.current.controller || !live.current.conversationId) return;
    const answer = pendingAnswer() as M;
    setMessages((current) => {
      const lastQuestion = current.findLastIndex((message) => message.role === 'user');
      return [...current.slice(0, lastQuestion + 1), answer];
    });
    void run((options) => latest.current.start({ regenerate: true, conversationId: live.current.conversationId }, options), answer);
  }, [run]);

  const stop = useCallback(() => {
    if (!live.current.controller) return;
    if (live.current.runId) cancelOnServer();
    else live.current.stopAsked = true; // the run's id is on its way: cancel as soon as it comes
  }, [cancelOnServer]);

  const open = useCallback((id: string | null, stored: M[]) => {
    live.current.controller?.abort();
    Object.assign(live.current, { controller: null, runId: null, conversationId: id });
    setIsRunning(false);
    setConversationId(id);
    setMessages(stored);
  }, []);

  const resume = useCallback(
    (before: M, runId: string, connect: RunConnector, prepare: (message: M) => M = (message) => message) => {
      if (live.current.controller) return;
      const answer = prepare(before);
      update(before.key, () => answer);
      void run(connect, answer, { runId, before });
    },
    [run, update],
  );

  return { messages, conversationId, isRunning, send, regenerate, stop, open, resume };
}
