import { useState } from 'react';
import { toast } from 'sonner';
import { toApiError } from '../../../lib/http';
import { uploadDocuments } from '../api';
import { KB_TOAST } from '../constants';
import { useRefreshKb } from '../queries';
import { spreadLoaded, uploadGroups } from './upload-groups';

export interface DocUpload {
  key: string;
  name: string;
  size: number;
  loaded: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  error?: string;
}

let sequence = 0;

/** The percent of one file sent (an empty file is done once it is). */
export const uploadPercent = (item: DocUpload) => (item.status === 'done' ? 100 : item.size ? Math.floor((Math.min(item.loaded, item.size) / item.size) * 100) : 0);

/** The whole choice of files: how many are finished, and the percent of all their bytes sent. */
export function batchProgress(items: DocUpload[]): { finished: number; total: number; percent: number } {
  const finished = items.filter((item) => item.status === 'done' || item.status === 'failed').length;
  const bytes = items.reduce((sum, item) => sum + item.size, 0);
  const sent = items.reduce((sum, item) => sum + (item.status === 'queued' ? 0 : item.status === 'uploading' ? Math.min(item.loaded, item.size) : item.size), 0);
  return { finished, total: items.length, percent: bytes > 0 ? Math.floor((sent / bytes) * 100) : items.length > 0 ? Math.floor((finished / items.length) * 100) : 0 };
}

/**
 * Uploads chosen files into a knowledge base in requests of up to 100 small files (a folder of notes is
 * stored and ingested as batches), each file with its own progress and the whole choice with one. The
 * documents of a request show in the table (and start being ingested) as soon as it ends.
 */
export function useDocUploads(kbId: string) {
  const [items, setItems] = useState<DocUpload[]>([]);
  const refresh = useRefreshKb();
  const change = (changes: Map<string, Partial<DocUpload>>) => setItems((current) => current.map((item) => (changes.has(item.key) ? { ...item, ...changes.get(item.key) } : item)));
  const changeAll = (group: Array<[DocUpload, File]>, next: (item: DocUpload, index: number) => Partial<DocUpload>) =>
    change(new Map(group.map(([item], index) => [item.key, next(item, index)])));

  const upload = async (files: File[]) => {
    const added = files.map((file): [DocUpload, File] => {
      sequence += 1;
      return [{ key: `doc-upload-${sequence}`, name: file.name, size: file.size, loaded: 0, status: 'queued' }, file];
    });
    setItems((current) => [...current.filter((item) => item.status !== 'done'), ...added.map(([item]) => item)]);
    let uploaded = 0;
    let failed = 0;
    for (const group of uploadGroups(added.map(([item, file]) => ({ size: item.size, entry: [item, file] as [DocUpload, File] })))) {
      const entries = group.map((member) => member.entry);
      changeAll(entries, () => ({ status: 'uploading' }));
      try {
        const result = await uploadDocuments(
          kbId,
          entries.map(([, file]) => file),
          (loaded) => {
            const spread = spreadLoaded(
              entries.map(([item]) => item.size),
              loaded,
            );
            changeAll(entries, (_, index) => ({ loaded: spread[index] }));
          },
        );
        // Refused files are named as the server shows them; the others became documents.
        const refused = new Map(result.failed.map((failure) => [failure.name, failure.reason]));
        changeAll(entries, (item) => (refused.has(item.name) ? { status: 'failed', error: refused.get(item.name) } : { status: 'done', loaded: item.size }));
        failed += entries.filter(([item]) => refused.has(item.name)).length;
        uploaded += entries.length - entries.filter(([item]) => refused.has(item.name)).length;
        void refresh();
      } catch (error) {
        failed += entries.length;
        const message = error instanceof Error ? error.message : toApiError(error).message;
        changeAll(entries, () => ({ status: 'failed', error: message }));
      }
    }
    if (uploaded) toast.success(KB_TOAST.uploaded(uploaded));
    if (failed) toast.error(KB_TOAST.uploadFailed);
    // Finished uploads leave the list after a moment; failed ones stay until the next choice.
    setTimeout(() => setItems((current) => current.filter((item) => item.status !== 'done')), 3_000);
  };

  return { items, upload, busy: items.some((item) => item.status === 'queued' || item.status === 'uploading') };
}
