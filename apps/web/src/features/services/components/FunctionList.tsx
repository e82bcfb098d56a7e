import type { McpFunctionInfo } from '@agent-platform/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { JsonEditor } from '../../tools/reuse';
import { FUNCTION_TEXT as TEXT, SERVICE_PATHS } from '../constants';

const paramNames = (schema: Record<string, unknown>) => {
  const properties = typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return properties.map((name) => ({ name, required: required.has(name) }));
};

/**
 * A service's functions: name, description, parameters, and the full input schema when opened. For a
 * saved service (`serviceId`) each can be turned into a tool.
 */
export function FunctionList({ functions, serviceId }: { functions: McpFunctionInfo[]; serviceId?: string }) {
  const navigate = useNavigate();
  if (functions.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.empty} />;
  return (
    <Collapse
      size="small"
      data-testid="mcp-functions"
      items={functions.map((fn) => ({
        key: fn.name,
        label: (
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong code>
                {fn.name}
              </Typography.Text>
              {fn.title && fn.title !== fn.name ? <Typography.Text>{fn.title}</Typography.Text> : null}
            </Flex>
            {fn.description ? (
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {fn.description}
              </Typography.Text>
            ) : null}
            <Flex gap={4} wrap>
              {paramNames(fn.input_schema).map((param) => (
                <Tag key={param.name} bordered={false} color={param.required ? 'blue' : undefined}>
                  {param.name}
                  {param.required ? ` · ${TEXT.required}` : ''}
                </Tag>
              ))}
              {paramNames(fn.input_schema).length === 0 ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {TEXT.noParams}
                </Typography.Text>
              ) : null}
            </Flex>
          </Flex>
        ),
        extra: serviceId ? (
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={`${TEXT.addTool}：${fn.name}`}
            onClick={(event) => {
              event.stopPropagation();
              navigate(SERVICE_PATHS.addTool(serviceId, fn.name));
            }}
          >
            {TEXT.addTool}
          </Button>
        ) : undefined,
        children: <JsonEditor label={`${fn.name} ${TEXT.params}`} value={JSON.stringify(fn.input_schema, null, 2)} minRows={3} readOnly />,
      }))}
    />
  );
}
