import { mcpToolNameOf } from '@agent-platform/contracts';
import { ApiOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs, Typography } from 'antd';
import { toast } from 'sonner';
import { Markdown } from '../../../components/chat/Markdown';
import { AGENT_DEPLOY_TEXT as TEXT } from '../constants';
import { codeBlock, mcpClientConfig, mcpCurlExample, mcpInspectorCommand, mcpUrl } from './snippets';

interface McpAccessProps {
  subject: { id: string; name: string };
  /** The key the snippets show: a whole key when the user has one at hand. */
  apiKey: string;
}

/** The agent (or setup) as an MCP server: its URL, its one tool, and how MCP clients are configured for it. */
export function McpAccess({ subject, apiKey }: McpAccessProps) {
  const target = { origin: window.location.origin, agentId: subject.id, apiKey: apiKey.trim() || TEXT.keyPlaceholder };
  const config = mcpClientConfig(target, subject.name);
  const copyConfig = () =>
    navigator.clipboard.writeText(config).then(
      () => toast.success(TEXT.copied),
      () => toast.error(TEXT.copyFailed),
    );
  return (
    <Card
      title={
        <span>
          <ApiOutlined /> {TEXT.mcpTitle}
        </span>
      }
      extra={
        <Button icon={<CopyOutlined />} onClick={copyConfig}>
          {TEXT.copyMcpConfig}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{TEXT.mcpDescription}</Typography.Paragraph>
      <Flex vertical gap={4} style={{ marginBottom: 12 }}>
        <Typography.Text>
          {TEXT.mcpUrl}：
          <Typography.Text code copyable>
            {mcpUrl(target)}
          </Typography.Text>
        </Typography.Text>
        <Typography.Text>
          {TEXT.mcpTool}：<Typography.Text code>{mcpToolNameOf(subject.name, subject.id)}</Typography.Text>
        </Typography.Text>
      </Flex>
      <Tabs
        items={[
          {
            key: 'config',
            label: TEXT.mcpConfigTab,
            children: (
              <>
                <Typography.Paragraph type="secondary">{TEXT.mcpConfigHint}</Typography.Paragraph>
                <div data-testid="mcp-config">
                  <Markdown>{codeBlock('json', config)}</Markdown>
                </div>
              </>
            ),
          },
          { key: 'inspector', label: TEXT.mcpInspectorTab, children: <Markdown>{codeBlock('bash', mcpInspectorCommand(target))}</Markdown> },
          { key: 'curl', label: TEXT.mcpCurlTab, children: <Markdown>{codeBlock('bash', mcpCurlExample(target))}</Markdown> },
        ]}
      />
    </Card>
  );
}
