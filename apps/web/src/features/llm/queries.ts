import type {
  CreateLlmModelBody,
  ListLlmModelsBody,
  LlmModel,
  LlmType,
  SuggestQuestionsBody,
  TestLlmConnectionBody,
  TestLlmConnectionResult,
  UpdateLlmModelBody,
  UpdateLlmStatusBody,
} from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { createModel, deleteModel, getModelById, listEnabledModels, listModels, suggestQuestions, testConnection, updateModel, updateModelStatus } from './api';

/** The models a chat can answer with. */
const CHAT_MODEL_TYPES: readonly LlmType[] = ['chat', 'vision'];

export const llmKeys = {
  all: ['llm'] as const,
  models: () => [...llmKeys.all, 'models'] as const,
  list: (body: ListLlmModelsBody) => [...llmKeys.models(), 'list', body] as const,
  enabled: (types: readonly LlmType[]) => [...llmKeys.models(), 'enabled', ...types] as const,
  detail: (id: string) => [...llmKeys.models(), 'detail', id] as const,
  suggestions: (answerKey: string) => [...llmKeys.all, 'suggestions', answerKey] as const,
};

export function useModels(body: ListLlmModelsBody) {
  return useQuery({ queryKey: llmKeys.list(body), queryFn: () => listModels(body), placeholderData: keepPreviousData });
}

export function useModel(id: string) {
  return useQuery<LlmModel, ApiError>({ queryKey: llmKeys.detail(id), queryFn: () => getModelById(id) });
}

/**
 * Enabled models of these types the user may use, sorted by display name: every form's model choices.
 * Under `llmKeys.models()`, so any change to a model refreshes them everywhere.
 */
export function useEnabledModels(types: readonly LlmType[], enabled = true) {
  return useQuery<LlmModel[], ApiError>({ queryKey: llmKeys.enabled(types), queryFn: () => listEnabledModels(types), enabled });
}

/** Enabled chat and vision models the user may use: the chats' and the agent builder's choices. */
export const useChatModels = () => useEnabledModels(CHAT_MODEL_TYPES);

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
