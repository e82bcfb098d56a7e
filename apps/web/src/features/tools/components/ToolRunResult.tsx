import type { ToolUseResult } from '@agent-platform/contracts';
import { Alert, Empty, Flex, Spin, Tag, theme, Typography } from 'antd';
import { TOOL_CALL_TEXT as TEXT } from '../constants';
import { prettyOutput } from '../schema-fields';

interface ToolRunResultProps {
  running: boolean;
  result: ToolUseResult | undefined;
  /** The call itself failed (the tool never ran: bad input, no access, network). */
  error: Error | null;
}

/** What the last run gave: the output (pretty JSON when it is JSON), the error and how long it took. */
export function ToolRunResult({ running, result, error }: ToolRunResultProps) {
  const { token } = theme.useToken();
  if (running) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip={TEXT.running}>
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </Flex>
    );
  }
  if (error) return <Alert type="error" showIcon title={TEXT.failed} description={error.message} />;
  if (!result) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.waiting} />;
  const output = prettyOutput(result.output);
  return (
    <Flex vertical gap={12} data-testid="tool-run-result">
      <Flex gap={8} align="center">
        {result.error ? <Tag color="error">{TEXT.failed}</Tag> : <Tag color="success">{TEXT.success}</Tag>}
        <Typography.Text type="secondary">{TEXT.duration(result.duration_ms)}</Typography.Text>
      </Flex>
      {result.error ? <Alert type="error" showIcon title={result.error} /> : null}
      <pre
        data-testid="tool-output"
        style={{
          margin: 0,
          padding: token.paddingSM,
          maxHeight: 520,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: token.fontFamilyCode,
          fontSize: 13,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          color: token.colorText,
        }}
      >
        {output.text}
      </pre>
    </Flex>
  );
}
