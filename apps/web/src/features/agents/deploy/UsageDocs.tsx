import { CodeOutlined, ExportOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, Tabs, Typography } from 'antd';
import { Markdown } from '../../../components/chat/Markdown';
import { AGENT_DEPLOY_TEXT as TEXT } from '../constants';
import { codeBlock, completionsUrl, curlExample, embedSnippet, embedUrl, pythonExample } from './snippets';

interface UsageDocsProps {
  agentId: string;
  /** The key the examples show: a whole key when the user has one at hand. */
  apiKey: string;
  onApiKeyChange: (key: string) => void;
}

/** How to call the agent (curl, streamed or not; the OpenAI SDK) and how to embed its chat. */
export function UsageDocs({ agentId, apiKey, onApiKeyChange }: UsageDocsProps) {
  const target = { origin: window.location.origin, agentId, apiKey: apiKey.trim() || TEXT.keyPlaceholder };
  return (
    <>
      <Card
        title={
          <span>
            <CodeOutlined /> {TEXT.apiTitle}
          </span>
        }
      >
        <Typography.Paragraph type="secondary">{TEXT.apiDescription}</Typography.Paragraph>
        <Flex vertical gap={4} style={{ marginBottom: 12 }}>
          <Typography.Text>
            {TEXT.endpoint}：<Typography.Text code copyable>{`POST ${completionsUrl(target.origin)}`}</Typography.Text>
          </Typography.Text>
          <Typography.Text>
            {TEXT.model}：
            <Typography.Text code copyable>
              {agentId}
            </Typography.Text>
          </Typography.Text>
        </Flex>
        <Form layout="vertical">
          <Form.Item label={TEXT.exampleKey} extra={TEXT.exampleKeyHint} style={{ maxWidth: 520 }}>
            <Input.Password value={apiKey} placeholder={TEXT.exampleKeyPlaceholder} onChange={(event) => onApiKeyChange(event.target.value)} aria-label={TEXT.exampleKey} />
          </Form.Item>
        </Form>
        <Tabs
          items={[
            { key: 'stream', label: TEXT.streamTab, children: <Markdown>{codeBlock('bash', curlExample(target, true))}</Markdown> },
            { key: 'blocking', label: TEXT.blockingTab, children: <Markdown>{codeBlock('bash', curlExample(target, false))}</Markdown> },
            { key: 'python', label: 'Python', children: <Markdown>{codeBlock('python', pythonExample(target))}</Markdown> },
          ]}
        />
      </Card>
      <Card
        title={
          <span>
            <GlobalOutlined /> {TEXT.embedTitle}
          </span>
        }
        extra={
          <Button icon={<ExportOutlined />} href={embedUrl(target)} target="_blank" rel="noopener noreferrer" disabled={!apiKey.trim()}>
            {TEXT.openEmbed}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{TEXT.embedDescription}</Typography.Paragraph>
        <Markdown>{codeBlock('html', embedSnippet(target))}</Markdown>
      </Card>
    </>
  );
}
