import { SUGGESTED_QUESTION_COUNT, type SuggestQuestionsBody } from '@agent-platform/contracts';
import { AppError, type Viewer } from '../../core/index.js';
import type { ChatMessage } from '../../platform/llm/index.js';
import type { LlmService } from './llm.service.js';
import { parseSuggestedQuestions } from './suggest-questions.parse.js';

/** The scripted model server's demo script recognises this phrase; keep them in step. */
export const SUGGEST_PROMPT_MARKER = '三个推荐问题';

const RECENT_MESSAGES = 10;
const MESSAGE_CHARS = 1_000;

const SYSTEM_PROMPT = [
  '你是对话助手的追问推荐器。根据对话内容，站在用户的角度，生成用户接下来最可能问的问题。',
  `要求：恰好 ${SUGGESTED_QUESTION_COUNT} 个问题；每个问题不超过 30 个字；使用中文；问题之间不要重复。`,
  '只输出一个 JSON 字符串数组，例如 ["问题一？","问题二？","问题三？"]，不要输出任何其他内容。',
].join('\n');

const ROLE_LABELS = { system: '设定', user: '用户', assistant: '助手' } as const;

function promptOf(body: SuggestQuestionsBody): ChatMessage[] {
  const lines = (body.messages ?? [])
    .filter((message) => message.content.trim() !== '')
    .slice(-RECENT_MESSAGES)
    .map((message) => `${ROLE_LABELS[message.role]}：${message.content.slice(0, MESSAGE_CHARS)}`);
  const sections = [
    body.description ? `助手简介：${body.description}` : '',
    lines.length > 0 ? `对话内容：\n${lines.join('\n')}` : '对话还没有开始。',
    `请据此生成${SUGGEST_PROMPT_MARKER}，只输出 JSON 数组。`,
  ].filter(Boolean);
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: sections.join('\n\n') },
  ];
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;

export function createSuggestionService({ llm }: { llm: LlmService }) {
  return {
    /** Three short follow-up questions, from the named model or the viewer's first chat model. */
    async suggestQuestions(viewer: Viewer, body: SuggestQuestionsBody): Promise<string[]> {
      const model = body.llm_name ? await llm.resolveModel(viewer, body.llm_name, 'chat') : await llm.defaultChatModel(viewer);
      const result = await llm.chat(viewer, model, { messages: promptOf(body), temperature: 0.7, maxTokens: 300 }, { feature: 'suggest_questions' });
      const questions = parseSuggestedQuestions(result.text);
      if (!questions) throw new AppError('MODEL_CALL_FAILED', `模型「${model.llmName}」没有给出可用的推荐问题，请重试或换一个模型`);
      return questions;
    },
  };
}
