import { TAG_NAME_MAX, TAG_TYPE_LABELS, type Tag, type TagColor, type TagNode, type TagType } from '@agent-platform/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { toast } from 'sonner';
import { TAG_FORM_TEXT as TEXT, TAG_TOAST } from '../constants';
import { useCreateTag, useUpdateTag } from '../queries';
import { parentChoices } from '../tag-tree';
import { TagColorSelect } from './TagColorSelect';

/** What the modal is for: a new tag (under `parentId`, if given), or changing `tag`. */
export type TagFormTarget = { mode: 'create'; parentId: string | null } | { mode: 'edit'; tag: Tag };

interface TagFormValues {
  name: string;
  /** undefined: none (the Select shows its placeholder). */
  parent_id?: string;
  color: TagColor | null;
}

interface TagFormModalProps {
  tagType: TagType;
  /** The type's whole tree: where the parent choices come from. */
  tree: TagNode[];
  target: TagFormTarget | null;
  onClose: () => void;
}

function initialValues(target: TagFormTarget): TagFormValues {
  if (target.mode === 'create') return { name: '', parent_id: target.parentId ?? undefined, color: null };
  return { name: target.tag.name, parent_id: target.tag.parent_id ?? undefined, color: target.tag.color };
}

/** Create a tag (first level or under a parent) or rename, recolour and move one. */
export function TagFormModal({ tagType, tree, target, onClose }: TagFormModalProps) {
  const [form] = Form.useForm<TagFormValues>();
  const create = useCreateTag();
  const update = useUpdateTag();
  const editing = target?.mode === 'edit' ? target.tag : undefined;
  const choices = parentChoices(tree, editing);
  // A tag with children stays on the first level (tags nest one level).
  const parentLocked = !!editing && (tree.find((node) => node.id === editing.id)?.children.length ?? 0) > 0;

  const submit = async ({ name, parent_id, color }: TagFormValues) => {
    const parentId = parent_id ?? null;
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, name, parent_id: parentId, color: color ?? null })
        : await create.mutateAsync({ tag_type: tagType, name, parent_id: parentId, color: color ?? null });
      toast.success(editing ? TAG_TOAST.saved : TAG_TOAST.created, { description: saved.name });
      onClose();
    } catch (error) {
      toast.error(TAG_TOAST.failed, { description: (error as Error).message });
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? TEXT.editTitle : TEXT.createTitle(TAG_TYPE_LABELS[tagType])}
      okText={editing ? TEXT.save : TEXT.create}
      cancelText={TEXT.cancel}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      {target ? (
        <Form<TagFormValues> form={form} layout="vertical" initialValues={initialValues(target)} onFinish={(values) => void submit(values)} clearOnDestroy>
          <Form.Item
            name="name"
            label={TEXT.name}
            rules={[
              { required: true, whitespace: true, message: TEXT.nameRequired },
              { max: TAG_NAME_MAX, message: TEXT.nameTooLong },
            ]}
          >
            <Input placeholder={TEXT.namePlaceholder} maxLength={TAG_NAME_MAX} showCount autoFocus />
          </Form.Item>
          <Form.Item name="parent_id" label={TEXT.parent} extra={parentLocked ? TEXT.parentLockedHint : undefined}>
            <Select<string>
              allowClear
              disabled={parentLocked}
              placeholder={TEXT.parentPlaceholder}
              aria-label={TEXT.parent}
              options={choices.map((node) => ({ value: node.id, label: node.name }))}
            />
          </Form.Item>
          <Form.Item name="color" label={TEXT.color}>
            <TagColorSelect />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
