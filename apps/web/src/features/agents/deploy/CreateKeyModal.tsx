import type { AgentApiKeyInfo } from '@agent-platform/contracts';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { toast } from 'sonner';
import { AGENT_DEPLOY_TEXT as TEXT, AGENT_TOAST } from '../constants';
import { useCreateApiKey } from '../queries';

interface CreateKeyModalProps {
  open: boolean;
  agentId: string;
  onClose: () => void;
  /** The new key, whole (the only time it is known). */
  onCreated: (key: AgentApiKeyInfo) => void;
}

/** Names a new key, then shows it whole once, with copy. */
export function CreateKeyModal({ open, agentId, onClose, onCreated }: CreateKeyModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<AgentApiKeyInfo | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const submit = ({ name }: { name: string }) =>
    create.mutate(
      { agent_id: agentId, name: name.trim() },
      {
        onSuccess: (key) => {
          setCreated(key);
          onCreated(key);
        },
        onError: (error) => toast.error(AGENT_TOAST.keyFailed, { description: error.message }),
      },
    );

  if (created) {
    return (
      <Modal
        open={open}
        title={TEXT.createdTitle}
        onCancel={close}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={close}>
            {TEXT.done}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={TEXT.createdHint} style={{ marginBottom: 16 }} />
        <Typography.Text type="secondary">{created.name}</Typography.Text>
        <Typography.Paragraph code copyable={{ text: created.key ?? '', tooltips: [TEXT.copyKey, '已复制'] }} style={{ wordBreak: 'break-all', marginTop: 4 }} data-testid="created-api-key">
          {created.key}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal open={open} title={TEXT.createKeyTitle} okText={TEXT.createKey} confirmLoading={create.isPending} onOk={() => form.submit()} onCancel={close} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy>
        <Form.Item
          name="name"
          label={TEXT.keyName}
          rules={[
            { required: true, whitespace: true, message: TEXT.keyNameRequired },
            { max: 50, message: '密钥名称不能超过 50 个字符' },
          ]}
        >
          <Input placeholder={TEXT.keyNamePlaceholder} maxLength={50} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
