import type { KbSearchHit } from '@agent-platform/contracts';

const ROLE = '你是知识库问答助手。';

const WITH_SOURCES = [
  '请只根据下面编号的资料回答用户的问题，不要编造资料中没有的内容。',
  '用到某条资料时，在相应句子末尾标注它的编号，例如 [1]、[2]；同时用到多条时写成 [1][2]。',
  '如果这些资料与问题无关或不足以回答，请直接说明知识库中没有相关内容。',
].join('\n');

const WITHOUT_SOURCES = '知识库中没有检索到与用户问题相关的内容。请直接告诉用户：知识库中没有找到相关内容，无法根据知识库回答这个问题；不要编造答案。';

function source(hit: KbSearchHit, index: number): string {
  const where = [`《${hit.doc_name}》`, ...hit.headings].join(' › ');
  return `[${index + 1}] ${where}\n${hit.text}`;
}

/** The system prompt of a knowledge-base answer: the retrieved segments, numbered as the answer cites them. */
export function kbAnswerPrompt(hits: KbSearchHit[]): string {
  if (hits.length === 0) return `${ROLE}${WITHOUT_SOURCES}`;
  return `${ROLE}${WITH_SOURCES}\n\n资料：\n\n${hits.map(source).join('\n\n')}`;
}
