import type {
  AddDocsBody,
  CreateKbBody,
  DeleteDocsBody,
  KbDictionary,
  PlatformDictionary,
  KbChatBody,
  KbDocsResult,
  KbDocument,
  KbSearchResult,
  KbSegment,
  KnowledgeBase,
  ListDocSegmentsBody,
  ListKbFilesQuery,
  ListKbsBody,
  Page,
  SearchDocsBody,
  UpdateKbBody,
  UpdateKbDictionaryBody,
  UpdateSegmentBody,
} from '@agent-platform/contracts';
import { EventStreamParser, type RawStreamEvent } from '../../lib/event-stream';
import { http, NO_TIMEOUT } from '../../lib/http';
import { openEventStream, streamRun, type RunStreamOptions, type RunStreamResult } from '../../lib/run-stream';

export type KbScope = 'mine' | 'public';

const KB_LIST_URLS: Record<KbScope, string> = { mine: '/kb/list', public: '/kb/list_public' };

export function listKbs(scope: KbScope, body: ListKbsBody): Promise<Page<KnowledgeBase>> {
  return http.post<Page<KnowledgeBase>>(KB_LIST_URLS[scope], body);
}

/** Every knowledge base the user may use (own and public): the chat page's choices. */
export function listVisibleKbs(): Promise<KnowledgeBase[]> {
  return http.get<KnowledgeBase[]>('/kb/list_detail_knowledge_bases');
}

/** The spec's lookup answers a list; an empty one is refused by the server as 知识库不存在. */
export async function getKbById(kbId: string): Promise<KnowledgeBase | undefined> {
  return (await http.post<KnowledgeBase[]>('/kb/query_knowledge_base', { kb_id: kbId }))[0];
}

export function createKb(body: CreateKbBody): Promise<KnowledgeBase> {
  return http.post<KnowledgeBase>('/kb/create_knowledge_base', body);
}

export function updateKb(body: UpdateKbBody): Promise<KnowledgeBase> {
  return http.post<KnowledgeBase>('/kb/update_kb', body);
}

export function deleteKb(kbId: string): Promise<null> {
  return http.post<null>('/kb/delete_knowledge_base', { kb_id: kbId });
}

export function setKbPublic(kbId: string, isPublic: boolean): Promise<KnowledgeBase> {
  return http.post<KnowledgeBase>(isPublic ? '/kb/publish' : '/kb/withhold', { kb_id: kbId });
}

export function listDocuments(query: ListKbFilesQuery): Promise<Page<KbDocument>> {
  return http.get<Page<KbDocument>>('/kb/list_files_detail', { params: query });
}

/** Several files in one call (the server stores and ingests them as a batch); the `kb_id` field goes before the files. */
export function uploadDocuments(kbId: string, files: File[], onProgress: (loaded: number) => void): Promise<KbDocsResult> {
  const form = new FormData();
  form.append('kb_id', kbId);
  for (const file of files) form.append('files', file, file.name);
  return http.post<KbDocsResult>('/kb/upload_docs', form, { timeout: NO_TIMEOUT, onUploadProgress: (event) => onProgress(event.loaded) });
}

/** Without the two-minute limit: adding many files may take longer (the spec's no-timeout list). */
export function addDocuments(body: AddDocsBody): Promise<KbDocsResult> {
  return http.post<KbDocsResult>('/kb/add_docs', body, { timeout: NO_TIMEOUT });
}

export function deleteDocuments(body: DeleteDocsBody): Promise<unknown> {
  return http.post<unknown>('/kb/delete_docs', body);
}

/** The original file, as the browser saves it. */
export async function downloadDocument(docId: string): Promise<Blob> {
  const response = await http.client.get<Blob>('/kb/download_doc', { params: { doc_id: docId }, responseType: 'blob', timeout: NO_TIMEOUT });
  return response.data;
}

export function listSegments(body: ListDocSegmentsBody): Promise<Page<KbSegment>> {
  return http.post<Page<KbSegment>>('/kb/list_doc_segment', body);
}

export function updateSegment(body: UpdateSegmentBody): Promise<KbSegment> {
  return http.post<KbSegment>('/kb/update_docs_by_id', body);
}

/** No client timeout for retrieval. */
export function searchDocuments(body: SearchDocsBody): Promise<KbSearchResult> {
  return http.post<KbSearchResult>('/kb/search_docs', body, { timeout: NO_TIMEOUT });
}

/** Re-indexes every document; the answer streams `progress` events, then `done`. */
export async function streamReindex(kbId: string, onEvent: (event: RawStreamEvent) => void, signal?: AbortSignal): Promise<void> {
  const init: RequestInit = { method: 'POST', body: JSON.stringify({ kb_id: kbId, stream: true }), headers: { 'Content-Type': 'application/json' } };
  const response = await openEventStream('/kb/recreate_vector_store', init, signal);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const parser = new EventStreamParser();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    parser.push(chunk.value).forEach(onEvent);
  }
  parser.end().forEach(onEvent);
}

/** The knowledge-base chat's stream (docs/streaming.md). */
export function streamKbChat(body: KbChatBody, options: RunStreamOptions): Promise<RunStreamResult> {
  return streamRun('/kb/chat', body, options);
}

/** The knowledge base's user dictionary, with the platform's words that apply too. */
export function getKbDictionary(kbId: string): Promise<KbDictionary> {
  return http.post<KbDictionary>('/kb/get_dictionary', { kb_id: kbId });
}

export function updateKbDictionary(body: UpdateKbDictionaryBody): Promise<KbDictionary> {
  return http.post<KbDictionary>('/kb/update_dictionary', body);
}

/** Administrators: the words every knowledge base uses besides its own. */
export function updatePlatformDictionary(words: string[]): Promise<PlatformDictionary> {
  return http.post<PlatformDictionary>('/kb/update_platform_dictionary', { words });
}
