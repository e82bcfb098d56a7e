import { useCallback, useEffect, useRef, useState } from 'react';
import { applyStreamEvent, pendingAnswer, userMessage, type ChatMessageView } from './chat-messages';
import { toApiError } from './http';
import { cancelRun, type RunStreamOptions, type RunStreamResult } from './run-stream';

/** What a chat page asks its server for: a new question, or the last question answered again. */
export interface ChatTurnRequest {
  query?: string;
  regenerate?: boolean;
  conversationId: string | null;
}

export interface ChatSessionOptions {
  /** Starts the page's chat call (e.g. `streamRun('/llm/chat', body, options)`). */
  start: (request: ChatTurnRequest, options: RunStreamOptions) => Promise<RunStreamResult>;
  /** The server opened a new conversation for the first question. */
  onConversationStarted?: (conversationId: string) => void;
  /** A turn ended, however it ended. */
  onTurnEnd?: (answer: ChatMessageView) => void;
}

export interface ChatSession {
  messages: ChatMessageView[];
  conversationId: string | null;
  isRunning: boolean;
  send: (query: string) => void;
  /** Answers the last question again; the previous answer is replaced. */
  regenerate: () => void;
  /** Stops the run on the server and stops reading its stream. */
  stop: () => void;
  /** Shows a stored conversation (or an empty new one with `null`). */
  open: (conversationId: string | null, messages: ChatMessageView[]) => void;
}

/**
 * One conversation of a chat page: the messages, the run being streamed, stop and regenerate. Every
 * chat (model playground, knowledge base, agent …) uses it with its own `start`.
 */
export function useChatSession({ start, onConversationStarted, onTurnEnd }: ChatSessionOptions): ChatSession {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const live = useRef({ conversationId: null as string | null, controller: null as AbortController | null, runId: null as string | null, stopAsked: false });
  const latest = useRef({ start, onConversationStarted, onTurnEnd });
  useEffect(() => {
    latest.current = { start, onConversationStarted, onTurnEnd };
  });

  // Leaving the page stops reading; the run itself goes on and its answer is saved (spec/streaming.md).
  useEffect(() => () => live.current.controller?.abort(), []);

  const update = useCallback((key: string, change: (message: ChatMessageView) => ChatMessageView) => {
    setMessages((current) => current.map((message) => (message.key === key ? change(message) : message)));
  }, []);

  const cancelOnServer = useCallback(() => {
    const { runId, controller } = live.current;
    if (!runId) return;
    cancelRun(runId).catch(() => undefined); // already ended: nothing to stop
    controller?.abort();
  }, []);

  const run = useCallback(
    async (request: Omit<ChatTurnRequest, 'conversationId'>, placeholder: ChatMessageView) => {
      const controller = new AbortController();
      Object.assign(live.current, { controller, runId: null, stopAsked: false });
      setIsRunning(true);
      let answer = placeholder;
      const change = (next: (message: ChatMessageView) => ChatMessageView) => {
        const snapshot = next(answer);
        answer = snapshot;
        update(placeholder.key, () => snapshot);
      };
      try {
        const result = await latest.current.start(
          { ...request, conversationId: live.current.conversationId },
          {
            signal: controller.signal,
            onEvent: (event) => {
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
              change((message) => applyStreamEvent(message, event));
            },
          },
        );
        if (result.status === null) change((message) => ({ ...message, status: message.status === 'streaming' ? 'cancelled' : message.status }));
      } catch (error) {
        change((message) => ({ ...message, status: 'error', error: toApiError(error).message }));
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
    (query: string) => {
      if (live.current.controller || !query.trim()) return;
      const answer = pendingAnswer();
      setMessages((current) => [...current, userMessage(query), answer]);
      void run({ query }, answer);
    },
    [run],
  );

  const regenerate = useCallback(() => {
    if (live.current.controller || !live.current.conversationId) return;
    const answer = pendingAnswer();
    setMessages((current) => {
      const lastQuestion = current.findLastIndex((message) => message.role === 'user');
      return [...current.slice(0, lastQuestion + 1), answer];
    });
    void run({ regenerate: true }, answer);
  }, [run]);

  const stop = useCallback(() => {
    if (!live.current.controller) return;
    if (live.current.runId) cancelOnServer();
    else live.current.stopAsked = true; // the run's id is on its way: cancel as soon as it comes
  }, [cancelOnServer]);

  const open = useCallback((id: string | null, stored: ChatMessageView[]) => {
    live.current.controller?.abort();
    Object.assign(live.current, { controller: null, runId: null, conversationId: id });
    setIsRunning(false);
    setConversationId(id);
    setMessages(stored);
  }, []);

  return { messages, conversationId, isRunning, send, regenerate, stop, open };
}
