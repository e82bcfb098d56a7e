import type { ConversationInfo } from '@agent-platform/contracts';
import { useState } from 'react';
import type { ChatMessageView } from '../../../lib/chat-messages';
import { useChatPane } from '../../conversations';
import { streamLlmChat } from '../api';
import { useChatModels, useSuggestedQuestions } from '../queries';
import { useCreatedModel } from '../use-created-model';
import { EMPTY_SETTINGS, suggestionMessages, toChatBody, type ChatSettings } from './chat-settings';

/**
 * The playground's state: the model choices, the side panel's settings, the conversation being
 * streamed, and the follow-up suggestions for a freshly finished answer.
 */
export function useModelPlayground() {
  const models = useChatModels();
  const created = useCreatedModel();
  const [chosen, setChosen] = useState<string | null>(created ?? null);
  const [settings, setSettings] = useState<ChatSettings>(EMPTY_SETTINGS);
  const [suggestFor, setSuggestFor] = useState<ChatMessageView | null>(null);

  const choices = models.data ?? [];
  // A model that was disabled or deleted meanwhile is no longer a choice: fall back to the first.
  const model = choices.find((entry) => entry.llm_name === chosen) ?? choices[0];
  const llmName = model?.llm_name ?? null;

  const session = useChatPane({
    start: (turn, options) => streamLlmChat(toChatBody(llmName ?? '', settings, turn), options),
    onTurnEnd: (answer) => {
      if (answer.status === 'done' && answer.content) setSuggestFor(answer);
    },
  });

  const lastAnswer = session.messages.findLast((message) => message.role === 'assistant');
  const suggestionKey = suggestFor && lastAnswer?.key === suggestFor.key && !session.isRunning ? suggestFor.key : null;
  const suggestions = useSuggestedQuestions(suggestionKey, { llm_name: llmName ?? undefined, messages: suggestionMessages(session.messages) });

  const openConversation = async (conversation: ConversationInfo) => {
    if (!(await session.openConversation(conversation.id))) return;
    setSuggestFor(null);
    if (choices.some((entry) => entry.llm_name === conversation.subject)) setChosen(conversation.subject);
  };

  const newConversation = () => {
    setSuggestFor(null);
    session.newConversation();
  };

  return {
    models,
    model,
    choose: setChosen,
    settings,
    setSettings,
    session,
    suggestions: suggestionKey ? suggestions.data : undefined,
    openConversation,
    newConversation,
    send: (query: string) => {
      setSuggestFor(null);
      session.send(query);
    },
    regenerate: () => {
      setSuggestFor(null);
      session.regenerate();
    },
  };
}
