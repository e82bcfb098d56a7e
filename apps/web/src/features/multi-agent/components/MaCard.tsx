import { MA_MODE_LABELS, type MaInfo } from '@agent-platform/contracts';
import { Avatar, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { AgentAvatar, PublishedTag } from '../../agents/reuse';
import { MA_LIST_TEXT as TEXT, MA_PATHS } from '../constants';
import { useMaTags } from '../queries';
import { MaActions } from './MaActions';
import styles from './MultiAgent.module.css';

/** One setup in the list: who it is, its members' avatars, its mode and tags, what can be done with it. */
export function MaCard({ setup, showOwner }: { setup: MaInfo; showOwner: boolean }) {
  const tags = useMaTags();
  const colorOf = (name: string) => tags.data?.find((tag) => tag.name === name)?.color ?? 'blue';
  return (
    <Card className={styles.card} data-testid="ma-card" actions={[<MaActions key="actions" setup={setup} />]}>
      <Flex gap={12} align="flex-start">
        <AgentAvatar avatar={setup.avatar} size={48} />
        <Flex vertical gap={4} className={styles.heading}>
          <Flex align="center" justify="space-between" gap={8}>
            <Link to={setup.editable ? MA_PATHS.edit(setup.id) : MA_PATHS.chat(setup.id)} className={styles.name} title={setup.name}>
              {setup.name}
            </Link>
            <PublishedTag isPublic={setup.is_public} />
          </Flex>
          <Flex align="center" gap={8}>
            <Avatar.Group max={{ count: 5 }} size={22}>
              {setup.members.map((member) => (
                <Tooltip key={member.agent_id} title={member.agent_name}>
                  <span>
                    <AgentAvatar avatar={member.agent_avatar} size={22} />
                  </span>
                </Tooltip>
              ))}
            </Avatar.Group>
            <Typography.Text type="secondary">{TEXT.members(setup.members.length)}</Typography.Text>
            <Tag bordered={false}>{MA_MODE_LABELS[setup.mode]}</Tag>
          </Flex>
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: setup.description }} className={styles.description}>
        {setup.description || TEXT.noDescription}
      </Typography.Paragraph>
      <Flex gap={4} wrap>
        {setup.tags.map((tag) => (
          <Tag key={tag} color={colorOf(tag)} bordered={false}>
            {tag}
          </Tag>
        ))}
      </Flex>
      {showOwner ? (
        <Typography.Text type="secondary">
          {TEXT.owner}：{setup.owner_name}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
