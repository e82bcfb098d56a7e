import { KB_SEARCH_DEFAULTS, type ConversationInfo } from '@agent-platform/contracts';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { fromMessageInfo } from '../../../lib/chat-messages';
import { useChatSession } from '../../../lib/use-chat-session';
import { useLoadConversationMessages, useRefreshConversations } from '../../conversations';
import { streamKbChat } from '../api';
import { KB_CHAT_TEXT as TEXT } from '../constants';
import { useEnabledModels, useVisibleKbs } from '../queries';

/** A knowledge-base conversation records its knowledge bases as its subject, comma-separated. */
const kbIdsOf = (conversation: ConversationInfo) => conversation.subject.split(',').filter(Boolean);

/**
 * The knowledge-base chat's state: which knowledge bases and model answer, the conversation being
 * streamed. `?kb_id=` (from a knowledge base's page) chooses that knowledge base to begin with.
 */
export function useKbChat() {
  const [params] = useSearchParams();
  const kbs = useVisibleKbs();
  const models = useEnabledModels(['chat', 'vision']);
  const [chosenKbs, setChosenKbs] = useState<string[]>(() => params.getAll('kb_id'));
  const [chosenModel, setChosenModel] = useState<string | null>(null);
  // What a regenerated answer is retrieved for: the question it answers again.
  const regenerating = useRef('');
  const refreshConversations = useRefreshConversations();
  const loadMessages = useLoadConversationMessages();

  const modelChoices = models.data ?? [];
  const model = modelChoices.find((entry) => entry.llm_name === chosenModel) ?? modelChoices[0];
  // Knowledge bases deleted or withheld meanwhile are no longer choices.
  const kbIds = kbs.data ? chosenKbs.filter((id) => kbs.data.some((kb) => kb.id === id)) : chosenKbs;

  const session = useChatSession({
    start: (request, options) =>
      streamKbChat(
        {
          kb_ids: kbIds,
          llm_name: model?.llm_name ?? '',
          query: request.regenerate ? regenerating.current : (request.query ?? ''),
          ...(request.regenerate ? { regenerate: true } : {}),
          ...(request.conversationId ? { conversation_id: request.conversationId } : {}),
          ...KB_SEARCH_DEFAULTS,
        },
        options,
      ),
    onConversationStarted: () => void refreshConversations(),
    onTurnEnd: () => void refreshConversations(),
  });

  const openConversation = async (conversation: ConversationInfo) => {
    if (conversation.id === session.conversationId) return;
    try {
      const stored = await loadMessages(conversation.id);
      session.open(conversation.id, stored.map(fromMessageInfo));
      setChosenKbs(kbIdsOf(conversation));
    } catch (error) {
      toast.error(TEXT.loadFailed, { description: (error as Error).message });
    }
  };

  return {
    kbs,
    kbIds,
    chooseKbs: setChosenKbs,
    models,
    model,
    chooseModel: setChosenModel,
    session,
    openConversation,
    newConversation: () => session.open(null, []),
    regenerate: () => {
      regenerating.current = session.messages.findLast((message) => message.role === 'user')?.content ?? '';
      session.regenerate();
    },
  };
}
