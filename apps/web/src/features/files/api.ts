import type { FileDetail, FileEntry, ListFilesBody, MediaUrl, MkdirBody, MoveFilesBody, Page, ShareFileBody, UploadFilesResult } from '@agent-platform/contracts';
import { ApiError, errorFromBody, http, NO_TIMEOUT } from '../../lib/http';
import type { FileTree } from './constants';

const LIST_URLS: Record<FileTree, string> = { private: '/kb/files/list', public: '/kb/files/list_public' };

/** One folder of a tree, folders first. */
export function listFiles(tree: FileTree, body: ListFilesBody): Promise<Page<FileEntry>> {
  return http.post<Page<FileEntry>>(LIST_URLS[tree], body);
}

export function getFileDetail(fileId: string): Promise<FileDetail> {
  return http.post<FileDetail>('/kb/files/detail', { file_id: fileId });
}

/** A failed download answers an envelope, which arrives as a Blob like the file would: read it. */
async function downloadError(error: unknown): Promise<never> {
  if (error instanceof ApiError && error.body instanceof Blob) {
    let body: unknown;
    try {
      body = JSON.parse(await error.body.text());
    } catch {
      throw error; // not an envelope: the catalogue's message stands
    }
    throw errorFromBody(body, error.status);
  }
  throw error;
}

/** The file's bytes (streamed by the server), with the access-token header like every call. */
export async function downloadFile(fileId: string, signal?: AbortSignal): Promise<Blob> {
  try {
    const response = await http.client.post<Blob>(
      '/kb/files/download',
      { file_id: fileId, blob: true },
      {
        responseType: 'blob',
        timeout: NO_TIMEOUT,
        signal,
      },
    );
    return response.data;
  } catch (error) {
    return downloadError(error);
  }
}

/** A folder and everything in it as one zip, streamed by the server. */
export async function downloadFolder(folderId: string): Promise<Blob> {
  try {
    const response = await http.client.post<Blob>('/kb/files/download_folder', { file_id: folderId }, { responseType: 'blob', timeout: NO_TIMEOUT });
    return response.data;
  } catch (error) {
    return downloadError(error);
  }
}

/** A link an audio or video player fetches by itself, seeking with Range requests instead of downloading everything first. */
export function getMediaUrl(fileId: string): Promise<MediaUrl> {
  return http.post<MediaUrl>('/kb/files/media_url', { file_id: fileId });
}

/** Deleting a folder deletes what is in it. */
export function deleteFiles(ids: string[]): Promise<unknown> {
  return http.post<unknown>('/kb/files/delete', { ids });
}

/** Moves entries into a folder of the same tree; with one id and a name, renames it too. */
export function moveFiles(body: MoveFilesBody): Promise<unknown> {
  return http.post<unknown>('/kb/files/move', body);
}

export function createFolder(body: MkdirBody): Promise<FileEntry> {
  return http.post<FileEntry>('/kb/files/mkdir', body);
}

/** Makes a private file public (or back), or creates (`expires_in_hours` > 0) or revokes (0) its share link. */
export function shareFile(body: ShareFileBody): Promise<FileDetail> {
  return http.post<FileDetail>('/kb/files/share', body);
}

export interface UploadFilesOptions {
  path: string;
  isPrivate: boolean;
  files: File[];
  override?: boolean;
  /** Bytes sent so far, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Multipart upload: the text fields first (the server reads them before the files), no timeout. */
export function uploadFiles({ path, isPrivate, files, override = false, onProgress, signal }: UploadFilesOptions): Promise<UploadFilesResult> {
  const form = new FormData();
  form.append('path', path);
  form.append('override', String(override));
  form.append('is_private', String(isPrivate));
  for (const file of files) form.append('files', file, file.name);
  return http.post<UploadFilesResult>('/kb/files/upload', form, {
    timeout: NO_TIMEOUT,
    signal,
    onUploadProgress: (event) => onProgress?.(event.loaded, event.total ?? 0),
  });
}
