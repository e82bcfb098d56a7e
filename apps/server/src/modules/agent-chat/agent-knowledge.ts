import type { AgentInfo } from '@agent-platform/contracts';
import { z } from 'zod';
import type { Viewer } from '../../core/index.js';
import type { Retrieved } from '../../runtime/agent-engine/index.js';
import { defineTool, type Tool } from '../../runtime/tools/index.js';
import { kbCitation, kbSourcesPrompt, type KnowledgeRetriever } from '../knowledge/index.js';

type AgentKnowledge = Pick<AgentInfo, 'kb_ids' | 'retrieval'>;

const retrieveInput = (agent: AgentKnowledge, query: string) => ({
  kbIds: agent.kb_ids,
  query,
  topK: agent.retrieval.top_k,
  scoreThreshold: agent.retrieval.threshold,
  mode: agent.retrieval.mode,
});

/** Before the first model call: the agent's knowledge for the question, cited as [n] in the answer. */
export async function retrieveForAgent(retriever: KnowledgeRetriever, viewer: Viewer, agent: AgentKnowledge, query: string, signal: AbortSignal): Promise<Retrieved | undefined> {
  if (agent.kb_ids.length === 0) return undefined;
  const found = await retriever.retrieve(viewer, retrieveInput(agent, query), { signal });
  if (found.hits.length === 0) return undefined;
  return {
    event: { mode: found.mode, notice: found.notice, segments: found.hits.map(kbCitation) },
    context: kbSourcesPrompt(found.hits),
    found: found.hits.length,
  };
}

/** The built-in knowledge-base search, bound to the agent's knowledge bases: the model searches again with its own words. */
export function knowledgeSearchTool(retriever: KnowledgeRetriever, agent: AgentKnowledge): Tool {
  return defineTool({
    name: 'knowledge_search',
    title: '知识库检索',
    description: '在智能体的知识库中检索与问题相关的资料片段。问题需要知识库中的事实时使用。',
    input: z.object({ query: z.string({ error: '请提供检索内容' }).min(1, '请提供检索内容').max(500, '检索内容不能超过 500 个字符') }),
    timeoutMs: 20_000,
    async execute({ query }, { viewer, signal }) {
      const found = await retriever.retrieve(viewer, retrieveInput(agent, query), { signal });
      if (found.hits.length === 0) return { output: '知识库中没有找到相关内容。' };
      const output = found.hits.map((hit, index) => `[${index + 1}] 《${hit.doc_name}》${hit.text}`).join('\n\n');
      return { output, data: found.hits.map(kbCitation) };
    },
  });
}
