import type { MessageInfo } from '@agent-platform/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { fromMessageInfo, type ChatMessageView } from '../../lib/chat-messages';
import type { RunStreamOptions, RunStreamResult } from '../../lib/run-stream';
import { useChatSession, type ChatSession, type ChatSessionOptions, type ChatTurnRequest } from '../../lib/use-chat-session';
import { CONVERSATION_TEXT as TEXT } from './constants';
import { useLoadConversationMessages, useRefreshConversations } from './queries';

/** A turn as the page's chat call needs it: `question` is the question asked, or asked again by a regenerate. */
export interface ChatPaneTurn extends ChatTurnRequest {
  question: string;
}

export interface ChatPaneOptions<M extends ChatMessageView = ChatMessageView> extends Omit<ChatSessionOptions<M>, 'start'> {
  /** Starts the page's chat call (e.g. `streamRun('/llm/chat', body, options)`). */
  start: (turn: ChatPaneTurn, options: RunStreamOptions) => Promise<RunStreamResult>;
  /** How a stored message is shown; default `fromMessageInfo`. */
  fromStored?: (message: MessageInfo) => M;
}

export interface ChatPane<M extends ChatMessageView = ChatMessageView> extends ChatSession<M> {
  /**
   * Reads a stored conversation's messages; `null` (after telling the user) when it cannot be read.
   * For a page that shows them its own way (`open`); others use `openConversation`.
   */
  loadConversation: (conversationId: string) => Promise<M[] | null>;
  /** Shows a stored conversation; false when it is already shown or could not be read. */
  openConversation: (conversationId: string) => Promise<boolean>;
  /** An empty new conversation. */
  newConversation: () => void;
}

/**
 * The conversation pane of every chat page (model playground, knowledge-base chat, agent chat): the
 * session streaming its turns, the conversation list read again when a conversation starts and after
 * every turn, stored conversations opened, and the question a regenerated answer is asked again for.
 */
export function useChatPane<M extends ChatMessageView = ChatMessageView>(options: ChatPaneOptions<M>): ChatPane<M> {
  const refreshConversations = useRefreshConversations();
  const loadMessages = useLoadConversationMessages();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // The question of the turn being started: a new one, or the last one asked again.
  const question = useRef('');

  const session = useChatSession<M>({
    ...options,
    start: (request, streamOptions) => latest.current.start({ ...request, question: request.regenerate ? question.current : (request.query ?? '') }, streamOptions),
    onConversationStarted: (conversationId) => {
      void refreshConversations();
      latest.current.onConversationStarted?.(conversationId);
    },
    onTurnEnd: (answer) => {
      void refreshConversations();
      latest.current.onTurnEnd?.(answer);
    },
  });

  const loadConversation = useCallback(
    async (conversationId: string): Promise<M[] | null> => {
      try {
        const stored = await loadMessages(conversationId);
        const show = latest.current.fromStored ?? ((message: MessageInfo) => fromMessageInfo(message) as M);
        return stored.map(show);
      } catch (error) {
        toast.error(TEXT.loadFailed, { description: (error as Error).message });
        return null;
      }
    },
    [loadMessages],
  );

  const { open, conversationId: shown } = session;
  const openConversation = useCallback(
    async (conversationId: string) => {
      if (conversationId === shown) return false;
      const stored = await loadConversation(conversationId);
      if (!stored) return false;
      open(conversationId, stored);
      return true;
    },
    [open, shown, loadConversation],
  );

  const newConversation = useCallback(() => open(null, []), [open]);
  const { messages, regenerate: regenerateLast } = session;
  const regenerate = useCallback(() => {
    question.current = messages.findLast((message) => message.role === 'user')?.content ?? '';
    regenerateLast();
  }, [messages, regenerateLast]);

  return { ...session, regenerate, loadConversation, openConversation, newConversation };
}
