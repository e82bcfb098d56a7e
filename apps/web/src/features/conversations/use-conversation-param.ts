import type { ConversationInfo, ConversationKind } from '@agent-platform/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useConversations } from './queries';

/** The open conversation's id in a chat page's URL: a reload or a shared link reopens it. */
export const CONVERSATION_PARAM = 'conversation_id';

/** `?conversation_id=`, and a setter that keeps the other parameters (replacing the history entry). */
export function useConversationParam(): [string | undefined, (id: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get(CONVERSATION_PARAM) ?? undefined;
  const setId = useCallback(
    (next: string | undefined) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next) copy.set(CONVERSATION_PARAM, next);
          else copy.delete(CONVERSATION_PARAM);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [id, setId];
}

/**
 * For a page with one chat session: the URL follows the open conversation, and a conversation the URL
 * names (on load, or back/forward) is opened, with its record from the page's list when it is there
 * (a knowledge-base chat finds its knowledge bases in it, a model chat its model).
 */
export function useConversationInUrl(kind: ConversationKind, current: string | null, open: (conversation: ConversationInfo) => unknown): void {
  const [fromUrl, setFromUrl] = useConversationParam();
  const list = useConversations(kind);
  const shown = useRef(current);

  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    if ((current ?? undefined) !== fromUrl) setFromUrl(current ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the open conversation moves the URL
  }, [current]);

  const listed = list.data?.list.find((conversation) => conversation.id === fromUrl);
  const listKnown = !list.isPending;
  useEffect(() => {
    if (!fromUrl || fromUrl === current || !listKnown) return;
    const now = new Date().toISOString();
    void open(listed ?? { id: fromUrl, kind, subject: '', title: '', created_at: now, updated_at: now });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opens when the URL names another conversation
  }, [fromUrl, listKnown]);
}
