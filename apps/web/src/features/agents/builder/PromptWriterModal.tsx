import { Alert, Form, Input, Modal } from 'antd';
import { toast } from 'sonner';
import { AGENT_FORM_TEXT as TEXT, AGENT_TOAST } from '../constants';
import { useWriteAgentPrompt } from '../queries';

interface PromptWriterModalProps {
  open: boolean;
  /** Starts from the agent's description. */
  initialDescription: string;
  llmName?: string;
  /** Whether a prompt is there already (it will be replaced). */
  replaces: boolean;
  onClose: () => void;
  onWritten: (prompt: string) => void;
}

/** 「AI 帮写」: the model drafts a system prompt from a sentence or two. */
export function PromptWriterModal({ open, initialDescription, llmName, replaces, onClose, onWritten }: PromptWriterModalProps) {
  const [form] = Form.useForm<{ description: string }>();
  const write = useWriteAgentPrompt();
  const submit = ({ description }: { description: string }) =>
    write.mutate(
      { description: description.trim(), ...(llmName ? { llm_name: llmName } : {}) },
      {
        onSuccess: ({ prompt }) => {
          onWritten(prompt);
          toast.success(AGENT_TOAST.prompted);
          onClose();
        },
        onError: (error) => toast.error(AGENT_TOAST.promptFailed, { description: error.message }),
      },
    );
  return (
    <Modal open={open} title={TEXT.writePromptTitle} okText={TEXT.writePromptOk} confirmLoading={write.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ description: initialDescription }} onFinish={submit} clearOnDestroy>
        <Form.Item name="description" label={TEXT.writePromptLabel} rules={[{ required: true, whitespace: true, message: TEXT.writePromptRequired }, { max: 2000 }]}>
          <Input.TextArea placeholder={TEXT.writePromptPlaceholder} autoSize={{ minRows: 3, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      </Form>
      {replaces ? <Alert type="warning" showIcon title={TEXT.writePromptReplace} /> : null}
    </Modal>
  );
}
