import { useRef, useState } from 'react';
import { pendingAnswer, userMessage, type ChatMessageView } from '../../../lib/chat-messages';
import { AGENT_EMBED_TEXT as TEXT } from '../constants';
import { streamCompletion, toCompletionMessages } from './openai-stream';

/** The embedded chat: the conversation lives in this page only; each turn sends all of it. */
export function useEmbedChat(agentId: string, apiKey: string) {
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [isRunning, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const updateAnswer = (key: string, change: (answer: ChatMessageView) => ChatMessageView) =>
    setMessages((current) => current.map((message) => (message.key === key ? change(message) : message)));

  const send = (query: string) => {
    if (isRunning || !query.trim()) return;
    const answer = pendingAnswer();
    const body = toCompletionMessages(messages, query);
    setMessages((current) => [...current, userMessage(query), answer]);
    setRunning(true);
    const abort = new AbortController();
    controller.current = abort;
    streamCompletion({ agentId, apiKey, messages: body, signal: abort.signal, onText: (text) => updateAnswer(answer.key, (current) => ({ ...current, content: current.content + text })) })
      .then(
        () => updateAnswer(answer.key, (current) => ({ ...current, status: 'done' })),
        (error: unknown) =>
          updateAnswer(answer.key, (current) =>
            abort.signal.aborted ? { ...current, status: 'cancelled' } : { ...current, status: 'error', error: error instanceof Error ? error.message : TEXT.failed },
          ),
      )
      .finally(() => {
        setRunning(false);
        controller.current = null;
      });
  };

  const stop = () => controller.current?.abort();
  const clear = () => {
    stop();
    setMessages([]);
  };
  return { messages, isRunning, send, stop, clear };
}
