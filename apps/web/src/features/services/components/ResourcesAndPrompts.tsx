import type { McpPromptInfo, McpResourceInfo } from '@agent-platform/contracts';
import { Alert, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { OFFERED_TEXT as TEXT } from '../constants';
import { useServiceResourcesAndPrompts } from '../queries';

function ResourceItem({ resource }: { resource: McpResourceInfo }) {
  return (
    <List.Item>
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{resource.title}</Typography.Text>
            <Typography.Text code>{resource.uri}</Typography.Text>
            {resource.mime_type ? <Tag>{resource.mime_type}</Tag> : null}
          </Flex>
        }
        description={resource.description || undefined}
      />
    </List.Item>
  );
}

function PromptItem({ prompt }: { prompt: McpPromptInfo }) {
  return (
    <List.Item>
      <List.Item.Meta
        title={
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{prompt.title}</Typography.Text>
            <Typography.Text code>{prompt.name}</Typography.Text>
          </Flex>
        }
        description={
          <Flex vertical gap={4}>
            {prompt.description ? <span>{prompt.description}</span> : null}
            <Flex gap={4} wrap>
              {prompt.arguments.length === 0 ? <Typography.Text type="secondary">{TEXT.noArguments}</Typography.Text> : null}
              {prompt.arguments.map((argument) => (
                <Tag key={argument.name} color={argument.required ? 'blue' : undefined} title={argument.description || undefined}>
                  {argument.name}
                  {argument.required ? `（${TEXT.required}）` : ''}
                </Tag>
              ))}
            </Flex>
          </Flex>
        }
      />
    </List.Item>
  );
}

/** What a saved MCP service offers besides functions: its resources and prompt templates. */
export function ResourcesAndPrompts({ serviceId }: { serviceId: string }) {
  const offered = useServiceResourcesAndPrompts(serviceId);
  if (offered.isFetching)
    return (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{TEXT.loading}</Typography.Text>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Flex>
    );
  if (offered.isError) return <Alert type="error" showIcon title={offered.error.message} />;
  if (!offered.data) return null;
  const { resources, prompts } = offered.data;
  return (
    <Flex vertical gap={12} data-testid="mcp-offered">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {TEXT.resources(resources.length)}
      </Typography.Title>
      {resources.length ? (
        <List size="small" dataSource={resources} rowKey="uri" renderItem={(resource) => <ResourceItem resource={resource} />} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noResources} />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {TEXT.prompts(prompts.length)}
      </Typography.Title>
      {prompts.length ? (
        <List size="small" dataSource={prompts} rowKey="name" renderItem={(prompt) => <PromptItem prompt={prompt} />} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noPrompts} />
      )}
    </Flex>
  );
}
