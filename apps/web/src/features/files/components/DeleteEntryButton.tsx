import type { FileEntry } from '@agent-platform/contracts';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { FILE_LIST_TEXT as TEXT, FILES_TOAST } from '../constants';
import type { FileActions } from './use-file-actions';

/** Deletes one file or folder after confirming; disabled, with the reason, for entries the user may not change. */
export function DeleteEntryButton({ entry, actions }: { entry: FileEntry; actions: FileActions }) {
  return (
    <ConfirmDeleteButton
      title={TEXT.deleteConfirm(1)}
      description={TEXT.deleteDescription}
      onDelete={() => actions.remove([entry])}
      pending={actions.removing}
      successToast={FILES_TOAST.deleted}
      failureToast={FILES_TOAST.failed}
      subject={entry.name}
      disabled={!entry.editable}
      disabledHint={TEXT.noEditRight}
    />
  );
}
