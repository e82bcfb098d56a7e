import type { SystemProperty } from '@agent-platform/contracts';
import { Form, Input, Modal } from 'antd';
import { toast } from 'sonner';
import { PROPERTY_TEXT as TEXT, PROPERTY_TOAST as TOAST } from '../constants';
import { useCreateProperty, useUpdateProperty } from '../queries';

/** A new property, or the name, default and description of one. */
export type PropertyFormTarget = { mode: 'create' } | { mode: 'edit'; property: SystemProperty };

interface PropertyFormValues {
  code: string;
  name?: string;
  current_value?: string;
  default_value?: string;
  description?: string;
}

const CODE_PATTERN = /^[a-z][a-z0-9_.-]*$/;

export function PropertyFormModal({ target, onClose }: { target: PropertyFormTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<PropertyFormValues>();
  const create = useCreateProperty();
  const update = useUpdateProperty();
  const editing = target?.mode === 'edit' ? target.property : undefined;

  const submit = async (values: PropertyFormValues) => {
    const texts = { name: values.name ?? '', default_value: values.default_value || null, description: values.description ?? '' };
    try {
      const saved = editing
        ? await update.mutateAsync({ id: editing.id, ...texts })
        : await create.mutateAsync({ code: values.code.trim(), current_value: values.current_value || null, ...texts });
      toast.success(editing ? TOAST.saved : TOAST.created, { description: saved.code });
      onClose();
    } catch (error) {
      toast.error(TOAST.failed, { description: (error as Error).message });
    }
  };

  const initial: PropertyFormValues = editing ? { code: editing.code, name: editing.name, default_value: editing.default_value ?? '', description: editing.description } : { code: '' };
  return (
    <Modal
      open={target !== null}
      title={editing ? TEXT.editTitle : TEXT.createTitle}
      okText={TEXT.ok}
      cancelText={TEXT.cancel}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {target ? (
        <Form<PropertyFormValues> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} clearOnDestroy>
          <Form.Item
            name="code"
            label={TEXT.code}
            rules={[
              { required: true, whitespace: true, message: TEXT.codeRequired },
              { pattern: CODE_PATTERN, message: TEXT.codePattern },
            ]}
          >
            <Input placeholder={TEXT.codePlaceholder} maxLength={128} disabled={!!editing} autoFocus={!editing} />
          </Form.Item>
          <Form.Item name="name" label={TEXT.name}>
            <Input maxLength={128} />
          </Form.Item>
          {editing ? null : (
            <Form.Item name="current_value" label={TEXT.currentValue}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
            </Form.Item>
          )}
          <Form.Item name="default_value" label={TEXT.defaultValue}>
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="description" label={TEXT.descriptionLabel}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
