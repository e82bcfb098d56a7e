import type { KbSearchHit } from '@agent-platform/contracts';
import { kbSourcesPrompt } from '../knowledge/index.js';

const ROLE = '你是知识库问答助手。';

const WITHOUT_SOURCES = '知识库中没有检索到与用户问题相关的内容。请直接告诉用户：知识库中没有找到相关内容，无法根据知识库回答这个问题；不要编造答案。';

/** The system prompt of a knowledge-base answer. */
export function kbAnswerPrompt(hits: KbSearchHit[]): string {
  if (hits.length === 0) return `${ROLE}${WITHOUT_SOURCES}`;
  return `${ROLE}${kbSourcesPrompt(hits)}`;
}
