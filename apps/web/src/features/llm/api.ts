import {
  MAX_PAGE_SIZE,
  type CreateLlmModelBody,
  type ListLlmModelsBody,
  type LlmChatBody,
  type LlmModel,
  type LlmType,
  type Page,
  type SuggestQuestionsBody,
  type TestLlmConnectionBody,
  type TestLlmConnectionResult,
  type UpdateLlmModelBody,
  type UpdateLlmStatusBody,
} from '@agent-platform/contracts';
import { http, NO_TIMEOUT } from '../../lib/http';
import { streamRun, type RunStreamOptions, type RunStreamResult } from '../../lib/run-stream';

export function listModels(body: ListLlmModelsBody): Promise<Page<LlmModel>> {
  return http.post<Page<LlmModel>>('/llm/query_all_models', body);
}

/** Enabled models of these types the user may use, sorted by display name. */
export async function listEnabledModels(types: readonly LlmType[]): Promise<LlmModel[]> {
  const pages = await Promise.all(types.map((type) => listModels({ page: 1, page_size: MAX_PAGE_SIZE, type, status: 'enabled' })));
  return pages.flatMap((page) => page.list).sort((a, b) => a.display_name.localeCompare(b.display_name, 'zh-CN'));
}

export function getModelById(id: string): Promise<LlmModel> {
  return http.post<LlmModel>('/llm/query_llm_by_id', { id });
}

export function createModel(body: CreateLlmModelBody): Promise<LlmModel> {
  return http.post<LlmModel>('/llm/create_llm_model', body);
}

export function updateModel(body: UpdateLlmModelBody): Promise<LlmModel> {
  return http.post<LlmModel>('/llm/update_llm_model', body);
}

/** No client timeout for a model status update (starting or stopping a model may take long). */
export function updateModelStatus(body: UpdateLlmStatusBody): Promise<LlmModel> {
  return http.post<LlmModel>('/llm/update_status', body, { timeout: NO_TIMEOUT });
}

export function deleteModel(id: string): Promise<null> {
  return http.post<null>('/llm/delete_llm_by_id', { id });
}

/** A saved model (`{id}`), a saved model with edited fields, or an unsaved configuration. */
export function testConnection(body: TestLlmConnectionBody): Promise<TestLlmConnectionResult> {
  return http.post<TestLlmConnectionResult>('/llm/test_connection', body);
}

export function suggestQuestions(body: SuggestQuestionsBody): Promise<string[]> {
  return http.post<string[]>('/llm/generate_suggest_questions', body);
}

/** The model playground's stream (docs/streaming.md). */
export function streamLlmChat(body: LlmChatBody, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun('/llm/chat', body, options);
}
