import type { AgentInfo } from '@agent-platform/contracts';
import { GlobalOutlined, LockOutlined, RobotOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { NameTag } from '../../../components/NameTag';
import { AGENT_LIST_TEXT as TEXT, AGENT_PATHS } from '../constants';
import { useAgentTags } from '../queries';
import { AgentActions } from './AgentActions';
import { AgentAvatar } from './AgentAvatar';
import styles from './Agents.module.css';

export function PublishedTag({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Tag color="success" icon={<GlobalOutlined />}>
      {TEXT.publishedBadge}
    </Tag>
  ) : (
    <Tag icon={<LockOutlined />}>{TEXT.privateBadge}</Tag>
  );
}

interface AgentCardProps {
  agent: AgentInfo;
  showOwner: boolean;
}

/** One agent in the list: who it is, what it runs on, what can be done with it. */
export function AgentCard({ agent, showOwner }: AgentCardProps) {
  const tags = useAgentTags();
  const colorOf = (name: string) => tags.data?.find((tag) => tag.name === name)?.color ?? 'blue';
  const to = agent.editable ? AGENT_PATHS.edit(agent.id) : AGENT_PATHS.chat(agent.id);
  return (
    <Card className={styles.card} data-testid="agent-card" actions={[<AgentActions key="actions" agent={agent} />]}>
      <Flex gap={12} align="flex-start">
        <AgentAvatar avatar={agent.avatar} size={48} />
        <Flex vertical gap={2} className={styles.heading}>
          <Flex align="center" justify="space-between" gap={8}>
            <Link to={to} className={styles.name} title={agent.name}>
              {agent.name}
            </Link>
            <PublishedTag isPublic={agent.is_public} />
          </Flex>
          <Typography.Text type="secondary" className={styles.model} ellipsis={{ tooltip: agent.llm_name }}>
            <RobotOutlined /> {TEXT.model}：{agent.llm_name}
          </Typography.Text>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: agent.description }} className={styles.description}>
        {agent.description || TEXT.noDescription}
      </Typography.Paragraph>
      <Flex gap={4} wrap className={styles.tags}>
        {agent.tags.map((tag) => (
          <NameTag key={tag} name={tag} color={colorOf(tag)} bordered={false} />
        ))}
      </Flex>
      {showOwner ? (
        <Typography.Text type="secondary" className={styles.owner}>
          {TEXT.owner}：{agent.owner_name}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
