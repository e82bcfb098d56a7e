import type { MaInfo } from '@agent-platform/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AgentAvatar, ApiKeysCard, PublishedTag, UsageDocs } from '../../agents/reuse';
import { MaActions } from '../components/MaActions';
import { MA_DEPLOY_TEXT as TEXT, MA_PATHS, MA_TITLES } from '../constants';
import { useSetup } from '../queries';

function DeployPanels({ setup }: { setup: MaInfo }) {
  const navigate = useNavigate();
  // The last key created here: the only whole key the page can put into the examples.
  const [apiKey, setApiKey] = useState('');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label={TEXT.back} title={TEXT.back} onClick={() => navigate(MA_PATHS.list)} />
            <AgentAvatar avatar={setup.avatar} size={44} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Flex align="center" gap={8}>
                <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
                  {`${MA_TITLES.deploy}：${setup.name}`}
                </Typography.Title>
                <PublishedTag isPublic={setup.is_public} />
              </Flex>
              <Typography.Text type="secondary">{TEXT.description}</Typography.Text>
            </Flex>
          </Flex>
          <MaActions setup={setup} hide="deploy" onDeleted={() => navigate(MA_PATHS.list)} />
        </Flex>
        {setup.is_public ? null : <Alert type="warning" showIcon title={TEXT.notPublishedHint} style={{ marginTop: 16 }} />}
      </Card>
      <ApiKeysCard agentId={setup.id} onCreated={(key) => setApiKey(key.key ?? '')} />
      <UsageDocs agentId={setup.id} apiKey={apiKey} onApiKeyChange={setApiKey} />
    </Flex>
  );
}

/** /multi-agent/dep/:id — API keys, the OpenAI-compatible call and the embed snippet of one setup (its owner's page). */
export default function MaDeployPage() {
  const { id } = useParams();
  const setup = useSetup(id);
  if (setup.isPending) return <Skeleton active />;
  if (setup.isError) return <Alert type="error" showIcon title={setup.error.message} />;
  if (!setup.data.editable) return <Result status="403" title={MA_TITLES.deploy} subTitle={TEXT.notEditable} />;
  return <DeployPanels setup={setup.data} />;
}
