import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AgentAvatar } from '../components/AgentAvatar';
import { PublishedTag } from '../components/AgentCard';
import { ApiKeysCard } from './ApiKeysCard';
import { McpAccess } from './McpAccess';
import { UsageDocs } from './UsageDocs';

/** What an API key opens: an agent or a multi-agent setup (its id goes where `agent_id` is asked). */
interface DeploySubject {
  id: string;
  name: string;
  avatar: string;
  is_public: boolean;
}

interface DeployPanelsProps {
  subject: DeploySubject;
  title: string;
  text: { back: string; description: string; notPublishedHint: string };
  /** The list the back button returns to. */
  listPath: string;
  actions: ReactNode;
  /** How strongly an unpublished subject is pointed out. */
  notPublishedTone: 'info' | 'warning';
}

/** The deploy page's body: the subject's header, its API keys, the call and embed examples and its MCP server. */
export function DeployPanels({ subject, title, text, listPath, actions, notPublishedTone }: DeployPanelsProps) {
  const navigate = useNavigate();
  // The last key created here: the only whole key the page can put into the examples.
  const [apiKey, setApiKey] = useState('');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={text.back} title={text.back} onClick={() => navigate(listPath)} />
            <AgentAvatar avatar={subject.avatar} size={44} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex align="center" gap={8}>
                <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
                  {`${title}：${subject.name}`}
                </Typography.Title>
                <PublishedTag isPublic={subject.is_public} />
              </Flex>
              <Typography.Text type="secondary">{text.description}</Typography.Text>
            </Flex>
          </Flex>
          {actions}
        </Flex>
        {subject.is_public ? null : <Alert type={notPublishedTone} showIcon title={text.notPublishedHint} style={{ marginTop: 16 }} />}
      </Card>
      <ApiKeysCard agentId={subject.id} onCreated={(key) => setApiKey(key.key ?? '')} />
      <UsageDocs agentId={subject.id} apiKey={apiKey} onApiKeyChange={setApiKey} />
      <McpAccess subject={subject} apiKey={apiKey} />
    </Flex>
  );
}
