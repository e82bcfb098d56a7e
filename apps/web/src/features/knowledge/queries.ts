import type {
  AddDocsBody,
  CreateKbBody,
  DeleteDocsBody,
  KbDocument,
  KbSearchResult,
  KnowledgeBase,
  ListDocSegmentsBody,
  ListKbFilesQuery,
  ListKbsBody,
  Page,
  SearchDocsBody,
  KbDictionary,
  UpdateKbBody,
  UpdateKbDictionaryBody,
  UpdateSegmentBody,
} from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import {
  addDocuments,
  createKb,
  deleteDocuments,
  deleteKb,
  getKbDictionary,
  getKbById,
  listDocuments,
  listKbs,
  listSegments,
  listVisibleKbs,
  searchDocuments,
  setKbPublic,
  updateKb,
  updateKbDictionary,
  updatePlatformDictionary,
  updateSegment,
  type KbScope,
} from './api';
import { documentsPollInterval, documentsSettledDifferently } from './documents/doc-polling';

// The other features' lists these pages choose from.
export { useChatModels, useEnabledModels } from '../llm';
export { useFileList } from '../files';

export const kbKeys = {
  all: ['kb'] as const,
  lists: () => [...kbKeys.all, 'list'] as const,
  list: (scope: KbScope, body: ListKbsBody) => [...kbKeys.lists(), scope, body] as const,
  visible: () => [...kbKeys.lists(), 'visible'] as const,
  detail: (kbId: string) => [...kbKeys.all, 'detail', kbId] as const,
  documents: (kbId: string) => [...kbKeys.all, 'documents', kbId] as const,
  documentList: (query: ListKbFilesQuery) => [...kbKeys.documents(query.kb_id), query] as const,
  segments: (kbId: string) => [...kbKeys.all, 'segments', kbId] as const,
  segmentList: (body: ListDocSegmentsBody) => [...kbKeys.segments(body.kb_id), body] as const,
  dictionary: (kbId: string) => [...kbKeys.all, 'dictionary', kbId] as const,
};

export function useKbs(scope: KbScope, body: ListKbsBody) {
  return useQuery<Page<KnowledgeBase>, ApiError>({ queryKey: kbKeys.list(scope, body), queryFn: () => listKbs(scope, body), placeholderData: keepPreviousData });
}

export function useVisibleKbs() {
  return useQuery<KnowledgeBase[], ApiError>({ queryKey: kbKeys.visible(), queryFn: listVisibleKbs });
}

/** While vectors or segments wait for an index in the background, the knowledge base is read again now and then (its notice goes when they are in). */
const INDEX_PENDING_POLL_MS = 5_000;

export function useKb(kbId: string) {
  return useQuery<KnowledgeBase | undefined, ApiError>({
    queryKey: kbKeys.detail(kbId),
    queryFn: () => getKbById(kbId),
    retry: false,
    refetchInterval: ({ state: { data } }) => (data?.vector_pending || data?.fulltext_pending ? INDEX_PENDING_POLL_MS : false),
  });
}

/**
 * A knowledge base's documents, read again every second or two while any is being ingested. When a
 * document settles, the knowledge base's counts and its segments are read again too.
 */
export function useKbDocuments(query: ListKbFilesQuery) {
  const queryClient = useQueryClient();
  const queryKey = kbKeys.documentList(query);
  return useQuery<Page<KbDocument>, ApiError>({
    queryKey,
    queryFn: async () => {
      const before = queryClient.getQueryData<Page<KbDocument>>(queryKey);
      const page = await listDocuments(query);
      if (documentsSettledDifferently(before?.list, page.list)) {
        void queryClient.invalidateQueries({ queryKey: kbKeys.detail(query.kb_id) });
        void queryClient.invalidateQueries({ queryKey: kbKeys.segments(query.kb_id) });
      }
      return page;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (current) => documentsPollInterval(current.state.data?.list),
  });
}

/** The file a cited document was made from (for its preview): looked up by the document's name. */
export function useDocumentFileId(source: { kb_id: string; doc_id: string; doc_name: string } | null) {
  const query: ListKbFilesQuery = { kb_id: source?.kb_id ?? '', keyword: source?.doc_name, page: 1, page_size: 20 };
  return useQuery({
    queryKey: [...kbKeys.documentList(query), 'file-of', source?.doc_id] as const,
    queryFn: async () => (await listDocuments(query)).list.find((doc) => doc.id === source?.doc_id)?.file_id ?? null,
    enabled: source !== null,
    staleTime: 60_000,
  });
}

export function useKbSegments(body: ListDocSegmentsBody) {
  return useQuery({ queryKey: kbKeys.segmentList(body), queryFn: () => listSegments(body), placeholderData: keepPreviousData });
}

function useKbMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKeys.all }),
  });
}

export const useCreateKb = () => useKbMutation((body: CreateKbBody) => createKb(body));
export const useUpdateKb = () => useKbMutation((body: UpdateKbBody) => updateKb(body));
export const useDeleteKb = () => useKbMutation((kbId: string) => deleteKb(kbId));
export const useSetKbPublic = () => useKbMutation(({ kbId, isPublic }: { kbId: string; isPublic: boolean }) => setKbPublic(kbId, isPublic));
export const useAddDocuments = () => useKbMutation((body: AddDocsBody) => addDocuments(body));
export const useDeleteDocuments = () => useKbMutation((body: DeleteDocsBody) => deleteDocuments(body));
export const useUpdateSegment = () => useKbMutation((body: UpdateSegmentBody) => updateSegment(body));
/** Saving the dictionary may mark the knowledge base for re-indexing: everything of it is read again. */
export const useUpdateKbDictionary = () => useKbMutation((body: UpdateKbDictionaryBody) => updateKbDictionary(body));
/** Administrators: it may mark every knowledge base holding documents for re-indexing. */
export const useUpdatePlatformDictionary = () => useKbMutation((words: string[]) => updatePlatformDictionary(words));

export function useKbDictionary(kbId: string) {
  return useQuery<KbDictionary, ApiError>({ queryKey: kbKeys.dictionary(kbId), queryFn: () => getKbDictionary(kbId) });
}

/** After uploads (the upload list calls the API itself, file by file). */
export function useRefreshKb() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: kbKeys.all });
}

export function useSearchDocuments() {
  return useMutation<KbSearchResult, ApiError, SearchDocsBody>({ mutationFn: searchDocuments });
}
