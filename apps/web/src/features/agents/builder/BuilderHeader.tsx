import type { AgentInfo } from '@agent-platform/contracts';
import { ApiOutlined, ArrowLeftOutlined, MessageOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { COMMON_TEXT } from '../../../components/constants';
import { PublishedTag } from '../components/AgentCard';
import styles from './AgentBuilder.module.css';
import { AGENT_FORM_TEXT as TEXT, AGENT_LIST_TEXT, AGENT_PATHS } from '../constants';

interface BuilderHeaderProps {
  title: string;
  agent?: AgentInfo;
  submitting: boolean;
  onSubmit: () => void;
  /** Changes not saved yet: said beside 保存. */
  dirty: boolean;
}

/** Above the builder: back, the title, and 保存 (with 对话 and 发布/接入 once saved). */
export function BuilderHeader({ title, agent, submitting, onSubmit, dirty }: BuilderHeaderProps) {
  const navigate = useNavigate();
  return (
    // Sticky below the app header: 保存 stays in view however far the sections scroll.
    <Flex align="center" justify="space-between" gap={12} wrap className={styles.header}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={TEXT.back} title={TEXT.back} onClick={() => navigate(AGENT_PATHS.list)} />
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
          {title}
        </Typography.Title>
        {agent ? <PublishedTag isPublic={agent.is_public} /> : null}
      </Flex>
      <Flex gap={8} wrap align="center">
        {dirty ? <Typography.Text type="warning">{COMMON_TEXT.unsavedNote}</Typography.Text> : null}
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
