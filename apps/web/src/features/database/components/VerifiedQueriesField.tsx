import type { VerifiedQuery } from '@agent-platform/contracts';
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, List, Typography } from 'antd';
import { ASSET_TEXT as TEXT } from '../constants';

interface VerifiedQueriesFieldProps {
  value?: VerifiedQuery[];
  onChange?: (pairs: VerifiedQuery[]) => void;
}

/** The asset's verified question–SQL pairs (added from the chat's「保存为已验证问题」), each removable. */
export function VerifiedQueriesField({ value = [], onChange }: VerifiedQueriesFieldProps) {
  if (value.length === 0) return <Typography.Text type="secondary">{TEXT.noVerified}</Typography.Text>;
  return (
    <List
      size="small"
      bordered
      dataSource={value}
      renderItem={(pair, index) => (
        <List.Item
          actions={[
            <Button
              key="remove"
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={TEXT.form.removeVerified(pair.question)}
              onClick={() => onChange?.(value.filter((_, at) => at !== index))}
            />,
          ]}
        >
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text>{pair.question}</Typography.Text>
            <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {pair.sql}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}
