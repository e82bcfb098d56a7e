import { BulbOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip } from 'antd';
import { toast } from 'sonner';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT, AGENT_TOAST } from '../constants';
import { useDescribeAgent } from '../queries';
import { AvatarPicker } from './AvatarPicker';
import { Section } from './Section';

/** 基本信息: avatar, name, description (written by the model from the saved configuration on request). */
export function BasicSection({ agentId }: { agentId?: string }) {
  const form = Form.useFormInstance<AgentFormValues>();
  const describe = useDescribeAgent();
  const generate = () =>
    agentId &&
    describe.mutate(agentId, {
      onSuccess: ({ description }) => {
        form.setFieldValue('description', description);
        toast.success(AGENT_TOAST.described);
      },
      onError: (error) => toast.error(AGENT_TOAST.describeFailed, { description: error.message }),
    });
  return (
    <Section
      title={TEXT.basicSection}
      extra={
        <Tooltip title={agentId ? undefined : TEXT.describeHint}>
          <Button size="small" type="link" icon={<BulbOutlined />} disabled={!agentId} loading={describe.isPending} onClick={generate}>
            {TEXT.describe}
          </Button>
        </Tooltip>
      }
    >
      <Flex gap={16} align="flex-start">
        <Form.Item<AgentFormValues> name="avatar" label={TEXT.avatar}>
          <AvatarPicker />
        </Form.Item>
        <Form.Item<AgentFormValues>
          name="name"
          label={TEXT.name}
          rules={[
            { required: true, whitespace: true, message: TEXT.nameRequired },
            { max: 50, message: '智能体名称不能超过 50 个字符' },
          ]}
          style={{ flex: 1 }}
        >
          <Input placeholder={TEXT.namePlaceholder} maxLength={50} showCount />
        </Form.Item>
      </Flex>
      <Form.Item<AgentFormValues> name="description" label={TEXT.description}>
        <Input.TextArea placeholder={TEXT.descriptionPlaceholder} maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </Section>
  );
}
