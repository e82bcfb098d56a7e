import type { AgentInfo } from '@agent-platform/contracts';
import { ApiOutlined, ArrowLeftOutlined, MessageOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PublishedTag } from '../components/AgentCard';
import { AGENT_FORM_TEXT as TEXT, AGENT_LIST_TEXT, AGENT_PATHS } from '../constants';

interface BuilderHeaderProps {
  title: string;
  agent?: AgentInfo;
  submitting: boolean;
  onSubmit: () => void;
}

/** Above the builder: back, the title, and 保存 (with 对话 and 发布/接入 once saved). */
export function BuilderHeader({ title, agent, submitting, onSubmit }: BuilderHeaderProps) {
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={TEXT.back} title={TEXT.back} onClick={() => navigate(AGENT_PATHS.list)} />
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
          {title}
        </Typography.Title>
        {agent ? <PublishedTag isPublic={agent.is_public} /> : null}
      </Flex>
      <Flex gap={8} wrap>
        {agent ? (
          <>
            <Button icon={<MessageOutlined />} onClick={() => navigate(AGENT_PATHS.chat(agent.id))}>
              {AGENT_LIST_TEXT.chat}
            </Button>
            <Button icon={<ApiOutlined />} onClick={() => navigate(AGENT_PATHS.deploy(agent.id))}>
              {AGENT_LIST_TEXT.deploy}
            </Button>
          </>
        ) : null}
        <Button type="primary" icon={<SaveOutlined />} loading={submitting} onClick={onSubmit}>
          {agent ? TEXT.save : TEXT.create}
        </Button>
      </Flex>
    </Flex>
  );
}
