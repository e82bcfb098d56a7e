import type { FileEntry } from '@agent-platform/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FILES_PATHS, FILES_TOAST, FOLDER_FORM_TEXT, type FileTree } from '../constants';
import { joinPath } from '../file-paths';
import { useCreateFolder, useDeleteFiles, useDownloadFile, useMoveFiles } from '../queries';
import { folderSearch } from './FileBreadcrumb';
import { MoveModal } from './MoveModal';
import { NameModal } from './NameModal';
import { ShareModal } from './ShareModal';

type Dialog = { kind: 'newFolder' } | { kind: 'rename'; entry: FileEntry } | { kind: 'move'; entries: FileEntry[] } | { kind: 'share'; entry: FileEntry };

export interface FileActions {
  /** A folder opens in place; a file opens its preview in a new tab. */
  open: (entry: FileEntry) => void;
  download: (entry: FileEntry) => void;
  newFolder: () => void;
  rename: (entry: FileEntry) => void;
  move: (entries: FileEntry[]) => void;
  share: (entry: FileEntry) => void;
  remove: (entries: FileEntry[]) => Promise<unknown>;
  removing: boolean;
}

const onFailure = (error: Error) => toast.error(FILES_TOAST.failed, { description: error.message });

/** What a files page can do to its entries, and the dialogs those actions open. */
export function useFileActions(tree: FileTree, path: string, onChanged?: () => void): { actions: FileActions; dialogs: ReactNode } {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const createFolder = useCreateFolder();
  const moveFiles = useMoveFiles();
  const deleteFiles = useDeleteFiles();
  const download = useDownloadFile();
  const close = () => setDialog(null);

  const actions: FileActions = {
    open: (entry) => {
      if (entry.kind === 'folder') void navigate({ search: folderSearch(joinPath(entry.path, entry.name)) });
      else window.open(FILES_PATHS.preview(entry.id), '_blank', 'noopener');
    },
    download: (entry) => download.mutate(entry, { onError: (error) => toast.error(FILES_TOAST.downloadFailed, { description: error.message }) }),
    newFolder: () => setDialog({ kind: 'newFolder' }),
    rename: (entry) => setDialog({ kind: 'rename', entry }),
    move: (entries) => setDialog({ kind: 'move', entries }),
    share: (entry) => setDialog({ kind: 'share', entry }),
    remove: (entries) => deleteFiles.mutateAsync(entries.map((entry) => entry.id)).then(onChanged),
    removing: deleteFiles.isPending,
  };

  /** Toasts the outcome; a failure rejects again so the dialog stays open. */
  const report = (saving: Promise<unknown>, message: string, subject: string) =>
    saving.then(
      () => {
        toast.success(message, { description: subject });
        onChanged?.();
      },
      (error: Error) => {
        onFailure(error);
        throw error;
      },
    );

  let dialogs: ReactNode = null;
  if (dialog?.kind === 'newFolder') {
    dialogs = (
      <NameModal
        title={FOLDER_FORM_TEXT.newFolderTitle}
        pending={createFolder.isPending}
        onClose={close}
        onSubmit={(name) => report(createFolder.mutateAsync({ path, name, is_private: tree === 'private' }), FILES_TOAST.created, name)}
      />
    );
  } else if (dialog?.kind === 'rename') {
    const { entry } = dialog;
    dialogs = (
      <NameModal
        title={FOLDER_FORM_TEXT.renameTitle}
        initialName={entry.name}
        pending={moveFiles.isPending}
        onClose={close}
        onSubmit={(name) => report(moveFiles.mutateAsync({ ids: [entry.id], target_path: entry.path, name }), FILES_TOAST.renamed, name)}
      />
    );
  } else if (dialog?.kind === 'move') {
    const { entries } = dialog;
    dialogs = (
      <MoveModal
        tree={tree}
        entries={entries}
        pending={moveFiles.isPending}
        onClose={close}
        onMove={(target) => report(moveFiles.mutateAsync({ ids: entries.map((entry) => entry.id), target_path: target }), FILES_TOAST.moved, target)}
      />
    );
  } else if (dialog?.kind === 'share') {
    dialogs = <ShareModal entry={dialog.entry} onClose={close} />;
  }
  return { actions, dialogs };
}
