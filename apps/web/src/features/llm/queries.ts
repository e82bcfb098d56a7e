import type {
  CreateLlmModelBody,
  ListLlmModelsBody,
  LlmModel,
  SuggestQuestionsBody,
  TestLlmConnectionBody,
  TestLlmConnectionResult,
  UpdateLlmModelBody,
  UpdateLlmStatusBody,
} from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { createModel, deleteModel, getModelById, listModels, suggestQuestions, testConnection, updateModel, updateModelStatus } from './api';

/** The most the list call answers at once (contracts pageQuery). */
const MAX_PAGE_SIZE = 100;

export const llmKeys = {
  all: ['llm'] as const,
  models: () => [...llmKeys.all, 'models'] as const,
  list: (body: ListLlmModelsBody) => [...llmKeys.models(), 'list', body] as const,
  chatModels: () => [...llmKeys.models(), 'chat-usable'] as const,
  detail: (id: string) => [...llmKeys.models(), 'detail', id] as const,
  suggestions: (answerKey: string) => [...llmKeys.all, 'suggestions', answerKey] as const,
};

export function useModels(body: ListLlmModelsBody) {
  return useQuery({ queryKey: llmKeys.list(body), queryFn: () => listModels(body), placeholderData: keepPreviousData });
}

export function useModel(id: string) {
  return useQuery<LlmModel, ApiError>({ queryKey: llmKeys.detail(id), queryFn: () => getModelById(id) });
}

/** Enabled chat and vision models the user may use: the playground's choices. */
export function useChatModels() {
  return useQuery({
    queryKey: llmKeys.chatModels(),
    queryFn: async (): Promise<LlmModel[]> => {
      const pages = await Promise.all(
        (['chat', 'vision'] as const).map((type) => listModels({ page: 1, page_size: MAX_PAGE_SIZE, type, status: 'enabled' })),
      );
      return pages.flatMap((page) => page.list).sort((a, b) => a.display_name.localeCompare(b.display_name, 'zh-CN'));
    },
  });
}

function useModelMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: llmKeys.models() }),
  });
}

export const useCreateModel = () => useModelMutation((body: CreateLlmModelBody) => createModel(body));
export const useUpdateModel = () => useModelMutation((body: UpdateLlmModelBody) => updateModel(body));
export const useUpdateModelStatus = () => useModelMutation((body: UpdateLlmStatusBody) => updateModelStatus(body));
export const useDeleteModel = () => useModelMutation((id: string) => deleteModel(id));

export function useTestConnection() {
  return useMutation<TestLlmConnectionResult, ApiError, TestLlmConnectionBody>({ mutationFn: testConnection });
}

/** Three follow-up questions for an answer; asked once per answer, never retried. */
export function useSuggestedQuestions(answerKey: string | null, body: SuggestQuestionsBody) {
  return useQuery({
    queryKey: llmKeys.suggestions(answerKey ?? ''),
    queryFn: () => suggestQuestions(body),
    enabled: answerKey !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
