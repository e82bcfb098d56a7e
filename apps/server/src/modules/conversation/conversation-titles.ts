import type { Logger } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { retitleConversation } from './conversation.repo.js';

/** What the title writer asks of a chat's model: a short answer to a system prompt and one message. */
export type AskModel = (request: { system: string; user: string }) => Promise<string>;

export const TITLE_MARKER = '为这段对话起一个标题';
const TITLE_PROMPT = '你为对话起标题：不超过 15 个字，概括用户想做的事，只输出标题本身，不要引号、标点或解释。';
const TITLE_MAX_CHARS = 20;
const EXCERPT_CHARS = 600;

/** The model's answer as a title: first line, no quotes, markdown or trailing punctuation; null when nothing is left. */
export function cleanTitle(text: string): string | null {
  const line = text
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (!line) return null;
  const title = line
    .replace(/^(标题|题目|title)\s*[:：]\s*/i, '')
    .replace(/^[#*\s"'“”‘’「」『』《》]+|[\s"'“”‘’「」『』《》*。．.!！?？,，;；:：]+$/g, '')
    .trim();
  if (!title) return null;
  return [...title].length > TITLE_MAX_CHARS ? `${[...title].slice(0, TITLE_MAX_CHARS).join('')}…` : title;
}

/**
 * Conversation titles from their first exchange (`CONVERSATION_TITLES=model`): once the first answer is
 * complete, the chat's own model is asked for a short title, in the background (`done` never waits for
 * it). The question's first words stay the title when the model fails or answers nothing usable, or
 * when the title was changed meanwhile.
 */
export function createTitleWriter({ db, log, enabled }: { db: Db; log: Logger; enabled: boolean }) {
  return {
    afterFirstExchange(exchange: { conversationId: string; provisionalTitle: string; question: string; answer: string; ask: AskModel }): void {
      if (!enabled || !exchange.answer.trim()) return;
      const user = `${TITLE_MARKER}。\n用户：${exchange.question.slice(0, EXCERPT_CHARS)}\n助手：${exchange.answer.slice(0, EXCERPT_CHARS)}`;
      void exchange
        .ask({ system: TITLE_PROMPT, user })
        .then(async (text) => {
          const title = cleanTitle(text);
          if (title) await retitleConversation(db, exchange.conversationId, exchange.provisionalTitle, title);
        })
        .catch((error: unknown) => log.warn({ err: error, conversationId: exchange.conversationId }, 'conversation title not written'));
    },
  };
}

export type TitleWriter = ReturnType<typeof createTitleWriter>;
