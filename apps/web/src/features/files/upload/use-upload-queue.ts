import { MAX_PAGE_SIZE, splitFolderPath } from '@agent-platform/contracts';
import { useReducer } from 'react';
import { toast } from 'sonner';
import { toApiError } from '../../../lib/http';
import { createFolder, listFiles, uploadFiles } from '../api';
import { UPLOAD_TEXT, type FileTree } from '../constants';
import { foldersToCreate, isSameOrInside } from '../file-paths';
import { useInvalidateFiles } from '../queries';
import { runPool, uploadItemsFrom, uploadReducer, type PickedFile, type UploadItem } from './upload-queue';

/** Files sent at the same time; each is its own request, so each has its own progress. */
const CONCURRENT_UPLOADS = 3;

/** Creates the folders a folder upload needs that do not exist yet (parents first). */
async function ensureFolders(tree: FileTree, folders: string[]): Promise<Map<string, string>> {
  const failures = new Map<string, string>();
  for (const folder of folders) {
    const { parent, name } = splitFolderPath(folder);
    if ([...failures.keys()].some((failed) => isSameOrInside(parent, failed))) continue;
    try {
      const siblings = await listFiles(tree, { path: parent, keyword: name, page: 1, page_size: MAX_PAGE_SIZE });
      if (!siblings.list.some((entry) => entry.kind === 'folder' && entry.name === name)) {
        await createFolder({ path: parent, name, is_private: tree === 'private' });
      }
    } catch (error) {
      failures.set(folder, `${UPLOAD_TEXT.folderFailed}：${toApiError(error).message}`);
    }
  }
  return failures;
}

/** The upload list of a files page: add files (or a whole folder), watch each one's progress. */
export function useUploadQueue(tree: FileTree) {
  const [items, dispatch] = useReducer(uploadReducer, [] as UploadItem[]);
  const invalidate = useInvalidateFiles();

  const upload = async (item: UploadItem, file: File) => {
    dispatch({ type: 'start', id: item.id });
    try {
      const result = await uploadFiles({
        path: item.folder,
        isPrivate: tree === 'private',
        files: [file],
        onProgress: (loaded) => dispatch({ type: 'progress', id: item.id, loaded }),
      });
      const failure = result.failed[0];
      if (failure) dispatch({ type: 'failed', id: item.id, error: failure.reason });
      else dispatch({ type: 'done', id: item.id });
      return !failure;
    } catch (error) {
      dispatch({ type: 'failed', id: item.id, error: toApiError(error).message });
      return false;
    }
  };

  /** Uploads picked files into `base` (a folder's files into the matching sub-folders). */
  const enqueue = async (files: PickedFile[], base: string) => {
    if (files.length === 0) return;
    const pairs = uploadItemsFrom(files, base);
    dispatch({ type: 'add', items: pairs.map(({ item }) => item) });
    const failedFolders = await ensureFolders(
      tree,
      foldersToCreate(
        base,
        pairs.map(({ item }) => item.folder),
      ),
    );
    let succeeded = 0;
    await runPool(pairs, CONCURRENT_UPLOADS, async ({ item, file }) => {
      const blocked = [...failedFolders].find(([folder]) => isSameOrInside(item.folder, folder));
      if (blocked) dispatch({ type: 'failed', id: item.id, error: blocked[1] });
      else if (await upload(item, file)) succeeded += 1;
    });
    await invalidate();
    if (succeeded > 0) toast.success(UPLOAD_TEXT.allDone(succeeded));
    if (succeeded < pairs.length) toast.error(UPLOAD_TEXT.someFailed(pairs.length - succeeded));
  };

  return { items, enqueue, clearFinished: () => dispatch({ type: 'clearFinished' }) };
}
