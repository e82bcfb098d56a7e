import type { McpService } from '@agent-platform/contracts';
import { Alert, Divider, Drawer, Flex, Skeleton, Typography } from 'antd';
import { FUNCTION_TEXT as TEXT } from '../constants';
import { useServiceFunctions } from '../queries';
import { FunctionList } from './FunctionList';
import { ResourcesAndPrompts } from './ResourcesAndPrompts';

/** Connects to a saved service and lists its functions, then its resources and prompts. */
export function FunctionsDrawer({ service, onClose }: { service: McpService | null; onClose: () => void }) {
  const functions = useServiceFunctions(service?.id ?? null);
  return (
    <Drawer open={service !== null} title={service ? TEXT.drawerTitle(service.name) : ''} size="large" onClose={onClose} destroyOnHidden>
      {functions.isFetching ? (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{TEXT.loading}</Typography.Text>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Flex>
      ) : null}
      {!functions.isFetching && functions.isError ? <Alert type="error" showIcon title={functions.error.message} /> : null}
      {!functions.isFetching && functions.data ? (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {TEXT.count(functions.data.functions.length)} · {TEXT.duration(functions.data.duration_ms)}
          </Typography.Text>
          <FunctionList functions={functions.data.functions} serviceId={service?.id} />
        </Flex>
      ) : null}
      {service ? (
        <>
          <Divider />
          <ResourcesAndPrompts serviceId={service.id} />
        </>
      ) : null}
    </Drawer>
  );
}
