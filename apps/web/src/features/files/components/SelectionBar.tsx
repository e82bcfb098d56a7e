import type { FileEntry } from '@agent-platform/contracts';
import { Button, Flex, Typography } from 'antd';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { FILE_LIST_TEXT as TEXT, FILES_TOAST } from '../constants';
import type { FileActions } from './use-file-actions';

/** Batch actions on the checked rows: move them, delete them (after confirming), or uncheck them. */
export function SelectionBar({ selected, actions, onClear }: { selected: FileEntry[]; actions: FileActions; onClear: () => void }) {
  if (selected.length === 0) return null;
  return (
    <Flex align="center" gap={4} role="toolbar" aria-label={TEXT.selected(selected.length)}>
      <Typography.Text style={{ marginInlineEnd: 8 }}>{TEXT.selected(selected.length)}</Typography.Text>
      <Button size="small" onClick={() => actions.move(selected)}>
        {TEXT.batchMove}
      </Button>
      <ConfirmDeleteButton
        title={TEXT.deleteConfirm(selected.length)}
        description={TEXT.deleteDescription}
        onDelete={() => actions.remove(selected)}
        pending={actions.removing}
        successToast={FILES_TOAST.deleted}
        failureToast={FILES_TOAST.failed}
        subject={selected.map((entry) => entry.name).join('、')}
      />
      <Button size="small" type="text" onClick={onClear}>
        {TEXT.clearSelection}
      </Button>
    </Flex>
  );
}
