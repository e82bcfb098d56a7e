import { isSafeEntryName } from '@agent-platform/contracts';
import { Form, Input, Modal } from 'antd';
import { FOLDER_FORM_TEXT as TEXT } from '../constants';

interface NameModalProps {
  title: string;
  initialName?: string;
  pending: boolean;
  /** Resolves when saved (the modal then closes); a rejection keeps it open. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** One name field: 新建文件夹 and 重命名. The rules are the server's (contracts isSafeEntryName). */
export function NameModal({ title, initialName = '', pending, onSubmit, onClose }: NameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const submit = ({ name }: { name: string }) => onSubmit(name.trim()).then(onClose, () => undefined);
  return (
    <Modal open title={title} okText={TEXT.ok} cancelText={TEXT.cancel} confirmLoading={pending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={submit}>
        <Form.Item
          name="name"
          label={TEXT.name}
          rules={[
            { required: true, whitespace: true, message: TEXT.nameRequired },
            { validator: (_rule, value: string) => (!value?.trim() || isSafeEntryName(value) ? Promise.resolve() : Promise.reject(new Error(TEXT.nameInvalid))) },
          ]}
        >
          <Input placeholder={TEXT.namePlaceholder} maxLength={100} autoFocus onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
