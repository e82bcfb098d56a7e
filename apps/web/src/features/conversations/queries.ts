import type { ConversationKind } from '@agent-platform/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { deleteConversation, listConversationMessages, listConversations } from './api';

/** The newest conversations of a kind; a chat page shows this many in its side list. */
export const CONVERSATION_PAGE_SIZE = 50;

export const conversationKeys = {
  all: ['conversations'] as const,
  list: (kind: ConversationKind, subject?: string) => [...conversationKeys.all, 'list', kind, subject ?? null] as const,
  messages: (conversationId: string) => [...conversationKeys.all, 'messages', conversationId] as const,
};

/** `subject`: only the conversations with one agent (or model, knowledge bases …). */
export function useConversations(kind: ConversationKind, subject?: string) {
  return useQuery({
    queryKey: conversationKeys.list(kind, subject),
    queryFn: () => listConversations({ kind, page: 1, page_size: CONVERSATION_PAGE_SIZE, ...(subject ? { subject } : {}) }),
  });
}

/** Read when a conversation is opened; always fresh (another tab may have gone on with it). */
export function useLoadConversationMessages() {
  const queryClient = useQueryClient();
  return (conversationId: string) => queryClient.fetchQuery({ queryKey: conversationKeys.messages(conversationId), queryFn: () => listConversationMessages(conversationId), staleTime: 0 });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation<null, ApiError, string>({
    mutationFn: deleteConversation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** The model writes a new conversation's title after its first answer: the list is read again after this long. */
const TITLE_WRITTEN_AFTER_MS = 3_000;

/** After a turn: the list order (updated_at) changes at once, a new conversation's title a moment later. */
export function useRefreshConversations() {
  const queryClient = useQueryClient();
  const later = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(later.current), []);
  return useCallback(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    clearTimeout(later.current);
    later.current = setTimeout(() => void refresh(), TITLE_WRITTEN_AFTER_MS);
    return refresh();
  }, [queryClient]);
}
