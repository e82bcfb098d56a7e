import { MAX_PAGE_SIZE, type FileDetail, type FileEntry, type ListFilesBody, type MediaUrl, type MkdirBody, type MoveFilesBody, type ShareFileBody } from '@agent-platform/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../lib/http';
import { saveBlob } from '../../lib/save-blob';
import { createFolder, deleteFiles, downloadFile, downloadFolder, getFileDetail, getMediaUrl, listFiles, moveFiles, shareFile } from './api';
import type { FileTree } from './constants';

export const filesKeys = {
  all: ['files'] as const,
  lists: () => [...filesKeys.all, 'list'] as const,
  list: (tree: FileTree, body: ListFilesBody) => [...filesKeys.lists(), tree, body] as const,
  folders: (tree: FileTree, path: string) => [...filesKeys.lists(), tree, 'folders', path] as const,
  detail: (id: string) => [...filesKeys.all, 'detail', id] as const,
  content: (id: string) => [...filesKeys.all, 'content', id] as const,
  media: (id: string) => [...filesKeys.all, 'media', id] as const,
};

/** One folder of a tree: the file manager's pages and the pickers of other features. */
export function useFileList(tree: FileTree, body: ListFilesBody, enabled = true) {
  return useQuery<Awaited<ReturnType<typeof listFiles>>, ApiError>({
    queryKey: filesKeys.list(tree, body),
    queryFn: () => listFiles(tree, body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The sub-folders of one folder (the move dialog's tree loads them level by level). */
export function useFolderLoader(tree: FileTree) {
  const queryClient = useQueryClient();
  return (path: string): Promise<FileEntry[]> =>
    queryClient.fetchQuery({
      queryKey: filesKeys.folders(tree, path),
      queryFn: async () => (await listFiles(tree, { path, page: 1, page_size: MAX_PAGE_SIZE })).list.filter((entry) => entry.kind === 'folder'),
      staleTime: 10_000,
    });
}

export function useFileDetail(id: string | null) {
  return useQuery<FileDetail, ApiError>({
    queryKey: filesKeys.detail(id ?? ''),
    queryFn: () => getFileDetail(id ?? ''),
    enabled: !!id,
    retry: false,
  });
}

/** A file's bytes for its preview: fetched once while shown, dropped soon after. */
export function useFileContent(id: string, enabled = true) {
  return useQuery<Blob, ApiError>({
    queryKey: filesKeys.content(id),
    queryFn: ({ signal }) => downloadFile(id, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
}

/** A player's link to an audio or video file, fetched while its preview is shown. */
export function useMediaUrl(id: string) {
  return useQuery<MediaUrl, ApiError>({ queryKey: filesKeys.media(id), queryFn: () => getMediaUrl(id), staleTime: 60 * 60_000, retry: false });
}

function useFilesMutation<TBody, TData>(mutationFn: (body: TBody) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation<TData, ApiError, TBody>({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}

export const useCreateFolder = () => useFilesMutation((body: MkdirBody) => createFolder(body));
export const useMoveFiles = () => useFilesMutation((body: MoveFilesBody) => moveFiles(body));
export const useDeleteFiles = () => useFilesMutation((ids: string[]) => deleteFiles(ids));
export const useShareFile = () => useFilesMutation((body: ShareFileBody) => shareFile(body));

/** Refreshes every list after uploads (the upload queue calls the API itself, file by file). */
export function useInvalidateFiles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: filesKeys.lists() });
}

/** Saves a file the way a browser download does; a folder comes as a zip. */
export function useDownloadFile() {
  return useMutation<void, ApiError, Pick<FileEntry, 'id' | 'name' | 'kind'>>({
    mutationFn: async ({ id, name, kind }) => (kind === 'folder' ? saveBlob(await downloadFolder(id), `${name}.zip`) : saveBlob(await downloadFile(id), name)),
  });
}
