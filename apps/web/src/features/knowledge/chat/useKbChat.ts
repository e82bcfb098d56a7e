import { KB_SEARCH_DEFAULTS, type ConversationInfo } from '@agent-platform/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChatPane } from '../../conversations';
import { streamKbChat } from '../api';
import { useChatModels, useVisibleKbs } from '../queries';

/** A knowledge-base conversation records its knowledge bases as its subject, comma-separated. */
const kbIdsOf = (conversation: ConversationInfo) => conversation.subject.split(',').filter(Boolean);

/**
 * The knowledge-base chat's state: which knowledge bases and model answer, the conversation being
 * streamed. `?kb_id=` (from a knowledge base's page) chooses that knowledge base to begin with.
 */
export function useKbChat() {
  const [params] = useSearchParams();
  const kbs = useVisibleKbs();
  const models = useChatModels();
  const [chosenKbs, setChosenKbs] = useState<string[]>(() => params.getAll('kb_id'));
  const [chosenModel, setChosenModel] = useState<string | null>(null);

  const modelChoices = models.data ?? [];
  const model = modelChoices.find((entry) => entry.llm_name === chosenModel) ?? modelChoices[0];
  // Knowledge bases deleted or withheld meanwhile are no longer choices.
  const kbIds = kbs.data ? chosenKbs.filter((id) => kbs.data.some((kb) => kb.id === id)) : chosenKbs;

  const session = useChatPane({
    start: (turn, options) =>
      streamKbChat(
        {
          kb_ids: kbIds,
          llm_name: model?.llm_name ?? '',
          // A regenerated answer is retrieved for the question it answers again.
          query: turn.question,
          ...(turn.regenerate ? { regenerate: true } : {}),
          ...(turn.conversationId ? { conversation_id: turn.conversationId } : {}),
          ...KB_SEARCH_DEFAULTS,
        },
        options,
      ),
  });

  const openConversation = async (conversation: ConversationInfo) => {
    if (await session.openConversation(conversation.id)) setChosenKbs(kbIdsOf(conversation));
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
    newConversation: session.newConversation,
    regenerate: session.regenerate,
  };
}
