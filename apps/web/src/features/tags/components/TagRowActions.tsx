import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TagNode } from '@agent-platform/contracts';
import { Button, Space } from 'antd';
import { toast } from 'sonner';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { TAG_TEXT as TEXT, TAG_TOAST } from '../constants';
import { useDeleteTag, useUpdateTag } from '../queries';
import { siblingsOf, stepTarget, type TagRow } from '../tag-tree';
import type { TagFormTarget } from './TagFormModal';

interface TagRowActionsProps {
  row: TagRow;
  /** The type's whole tree (positions are counted among all siblings). */
  tree: TagNode[];
  /** Moving is off while a keyword hides some siblings. */
  canMove: boolean;
  onOpenForm: (target: TagFormTarget) => void;
}

/** 添加子标签 (first level only), 编辑, 上移 / 下移, 删除 after confirming. */
export function TagRowActions({ row, tree, canMove, onOpenForm }: TagRowActionsProps) {
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const siblings = siblingsOf(tree, row);
  const move = (step: -1 | 1) => {
    const sort = stepTarget(siblings, row, step);
    if (sort === null) return;
    update.mutate(
      { id: row.id, sort },
      {
        onSuccess: () => toast.success(TAG_TOAST.moved, { description: row.name }),
        onError: (error) => toast.error(TAG_TOAST.failed, { description: error.message }),
      },
    );
  };
  return (
    <Space size={0} wrap>
      {row.parent_id ? null : (
        <Button type="link" size="small" onClick={() => onOpenForm({ mode: 'create', parentId: row.id })}>
          {TEXT.addChild}
        </Button>
      )}
      <Button type="link" size="small" onClick={() => onOpenForm({ mode: 'edit', tag: row })}>
        {TEXT.edit}
      </Button>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        aria-label={`${TEXT.moveUp}：${row.name}`}
        title={TEXT.moveUp}
        disabled={!canMove || update.isPending || stepTarget(siblings, row, -1) === null}
        onClick={() => move(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        aria-label={`${TEXT.moveDown}：${row.name}`}
        title={TEXT.moveDown}
        disabled={!canMove || update.isPending || stepTarget(siblings, row, 1) === null}
        onClick={() => move(1)}
      />
      <ConfirmDeleteButton
        title={TEXT.deleteConfirm}
        description={row.child_count > 0 ? TEXT.deleteParentDescription(row.child_count) : TEXT.deleteDescription}
        onDelete={() => remove.mutateAsync(row.id)}
        pending={remove.isPending}
        successToast={TAG_TOAST.deleted}
        failureToast={TAG_TOAST.failed}
        subject={row.name}
      />
    </Space>
  );
}
