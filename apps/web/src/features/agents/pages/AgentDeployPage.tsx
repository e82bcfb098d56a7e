import type { AgentInfo } from '@agent-platform/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AgentAvatar } from '../components/AgentAvatar';
import { PublishedTag } from '../components/AgentCard';
import { AgentActions } from '../components/AgentActions';
import { EditableAgent } from '../components/EditableAgent';
import { AGENT_DEPLOY_TEXT as TEXT, AGENT_PATHS, AGENT_TITLES } from '../constants';
import { ApiKeysCard } from '../deploy/ApiKeysCard';
import { UsageDocs } from '../deploy/UsageDocs';

function DeployPanels({ saved }: { saved: AgentInfo }) {
  const navigate = useNavigate();
  // The last key created here: the only whole key the page can put into the examples.
  const [apiKey, setApiKey] = useState('');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={TEXT.back} title={TEXT.back} onClick={() => navigate(AGENT_PATHS.list)} />
            <AgentAvatar avatar={saved.avatar} size={44} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex align="center" gap={8}>
                <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
                  {`${AGENT_TITLES.deploy}：${saved.name}`}
                </Typography.Title>
                <PublishedTag isPublic={saved.is_public} />
              </Flex>
              <Typography.Text type="secondary">{TEXT.description}</Typography.Text>
            </Flex>
          </Flex>
          <AgentActions agent={saved} hide="deploy" onDeleted={() => navigate(AGENT_PATHS.list)} />
        </Flex>
        {saved.is_public ? null : <Alert type="info" showIcon title={TEXT.notPublishedHint} style={{ marginTop: 16 }} />}
      </Card>
      <ApiKeysCard agentId={saved.id} onCreated={(key) => setApiKey(key.key ?? '')} />
      <UsageDocs agentId={saved.id} apiKey={apiKey} onApiKeyChange={setApiKey} />
    </Flex>
  );
}

/** /agent/dep/:id — API keys, the OpenAI-compatible call and the embed snippet of one agent. */
export default function AgentDeployPage() {
  const { id = '' } = useParams();
  return <EditableAgent id={id}>{(saved) => <DeployPanels saved={saved} />}</EditableAgent>;
}
