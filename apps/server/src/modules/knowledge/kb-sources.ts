import type { KbSearchHit } from '@agent-platform/contracts';

const WITH_SOURCES = [
  '请只根据下面编号的资料回答用户的问题，不要编造资料中没有的内容。',
  '用到某条资料时，在相应句子末尾标注它的编号，例如 [1]、[2]；同时用到多条时写成 [1][2]。',
  '如果这些资料与问题无关或不足以回答，请直接说明知识库中没有相关内容。',
].join('\n');

function source(hit: KbSearchHit, index: number): string {
  const where = [`《${hit.doc_name}》`, ...hit.headings].join(' › ');
  return `[${index + 1}] ${where}\n${hit.text}`;
}

/** The retrieved segments, numbered as the answer cites them, with how to cite them. */
export const kbSourcesPrompt = (hits: KbSearchHit[]) => `${WITH_SOURCES}\n\n资料：\n\n${hits.map(source).join('\n\n')}`;

/** What the `retrieval` event and the kept answer carry: segment n is cited as [n]. */
export const kbCitation = (hit: KbSearchHit) => ({
  segment_id: hit.segment_id,
  doc_id: hit.doc_id,
  doc_name: hit.doc_name,
  kb_id: hit.kb_id,
  kb_name: hit.kb_name,
  seq: hit.seq,
  text: hit.text,
  score: hit.score,
});
