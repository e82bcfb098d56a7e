import { kbToolConfig, type KbSearchResult } from '@agent-platform/contracts';
import { AppError, parseInput, storedJson, type Viewer } from '../../core/index.js';
import { ToolFailure } from '../../runtime/tools/index.js';
import type { KnowledgeRetriever } from '../knowledge/index.js';
import { MAX_OUTPUT_CHARS } from './http/http-tool.js';
import { rowTool, type ToolSource } from './tool-sources.js';

const KB_INPUT = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1, description: '要在知识库中检索的问题或关键词' } },
  required: ['query'],
};

function hitsText(result: KbSearchResult): string {
  if (result.hits.length === 0) return '没有检索到相关内容';
  const text = result.hits.map((hit, index) => `[${index + 1}] 《${hit.doc_name}》（${hit.kb_name}，相关度 ${hit.score.toFixed(2)}）\n${hit.text}`).join('\n\n');
  return text.length > MAX_OUTPUT_CHARS ? `${text.slice(0, MAX_OUTPUT_CHARS)}\n（内容过长，已截断）` : text;
}

/**
 * `kind: llm/kb`: searches the chosen knowledge bases. It searches as the caller, so a public tool
 * does not open its owner's private knowledge bases to others.
 */
export function kbToolSource({ retriever, checkKb }: { retriever: KnowledgeRetriever; checkKb(viewer: Viewer, kbId: string): Promise<unknown> }): ToolSource {
  const storedConfig = storedJson('kb tool config', { version: 1, schema: kbToolConfig });
  return {
    storedConfig,
    async prepare(viewer, { config }) {
      const parsed = parseInput(kbToolConfig, config);
      for (const kbId of new Set(parsed.kb_ids)) await checkKb(viewer, kbId);
      return { inputSchema: KB_INPUT, config: parsed };
    },
    toTool(viewer, row) {
      const config = storedConfig.read(row.config);
      return rowTool(row, {
        async execute(input, { signal }) {
          try {
            const result = await retriever.retrieve(
              viewer,
              { kbIds: config.kb_ids, query: String(input.query), topK: config.top_k, scoreThreshold: config.score_threshold, mode: config.mode },
              { signal },
            );
            return { output: hitsText(result), data: { mode: result.mode, notice: result.notice, hits: result.hits.length } };
          } catch (error) {
            if (error instanceof AppError) throw new ToolFailure(error.message);
            throw error;
          }
        },
      });
    },
  };
}
