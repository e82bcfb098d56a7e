import { useState } from 'react';
import { toast } from 'sonner';
import { toApiError } from '../../../lib/http';
import { uploadDocument } from '../api';
import { KB_TOAST } from '../constants';
import { useRefreshKb } from '../queries';

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

/**
 * Uploads chosen files into a knowledge base one after another, each with its own progress. Each
 * document shows in the table (and starts being ingested) as soon as its upload ends.
 */
export function useDocUploads(kbId: string) {
  const [items, setItems] = useState<DocUpload[]>([]);
  const refresh = useRefreshKb();
  const change = (key: string, next: Partial<DocUpload>) => setItems((current) => current.map((item) => (item.key === key ? { ...item, ...next } : item)));

  const upload = async (files: File[]) => {
    const added = files.map((file): [DocUpload, File] => {
      sequence += 1;
      return [{ key: `doc-upload-${sequence}`, name: file.name, size: file.size, loaded: 0, status: 'queued' }, file];
    });
    setItems((current) => [...current.filter((item) => item.status !== 'done'), ...added.map(([item]) => item)]);
    let uploaded = 0;
    let failed = 0;
    for (const [item, file] of added) {
      change(item.key, { status: 'uploading' });
      try {
        const result = await uploadDocument(kbId, file, (loaded) => change(item.key, { loaded }));
        const refused = result.failed[0];
        if (refused) throw new Error(refused.reason);
        change(item.key, { status: 'done', loaded: item.size });
        uploaded += 1;
        void refresh();
      } catch (error) {
        failed += 1;
        change(item.key, { status: 'failed', error: error instanceof Error ? error.message : toApiError(error).message });
      }
    }
    if (uploaded) toast.success(KB_TOAST.uploaded(uploaded));
    if (failed) toast.error(KB_TOAST.uploadFailed);
    // Finished uploads leave the list after a moment; failed ones stay until the next choice.
    setTimeout(() => setItems((current) => current.filter((item) => item.status !== 'done')), 3_000);
  };

  return { items, upload, busy: items.some((item) => item.status === 'queued' || item.status === 'uploading') };
}
