import { MCP_TRANSPORT_LABELS, type McpService } from '@agent-platform/contracts';
import { ApiOutlined, FunctionOutlined, GlobalOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { formatDateTime } from '../../../lib/format';
import { TagList } from '../../tools/reuse';
import { SERVICE_LIST_TEXT as TEXT, SERVICE_PATHS, SERVICE_STATUS_TEXT, SERVICE_TOAST } from '../constants';
import { useDeleteService } from '../queries';
import styles from './Service.module.css';

function StatusTag({ service }: { service: McpService }) {
  const status = SERVICE_STATUS_TEXT[service.status];
  const tag = (
    <Tag color={status.color} data-testid="service-status">
      {status.label}
    </Tag>
  );
  const tip = [service.status_message, service.checked_at ? `${TEXT.checkedAt} ${formatDateTime(service.checked_at)}` : ''].filter(Boolean).join('\n');
  return tip ? <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{tip}</span>}>{tag}</Tooltip> : tag;
}

interface ServiceCardProps {
  service: McpService;
  onListFunctions: (service: McpService) => void;
}

/** One MCP service: how it connects, whether the last check worked, how many functions it offers. */
export function ServiceCard({ service, onListFunctions }: ServiceCardProps) {
  const navigate = useNavigate();
  const remove = useDeleteService();
  const hint = service.can_edit ? undefined : TEXT.noEditRight;
  const target = service.transport === 'stdio' ? `${TEXT.stdioCommand}：${[service.command, ...service.args].join(' ')}` : service.url;
  return (
    <Card
      className={styles.card}
      data-testid="service-card"
      title={
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <ApiOutlined />
          <Typography.Text strong ellipsis title={service.name}>
            {service.name}
          </Typography.Text>
        </Flex>
      }
      extra={
        service.is_public ? (
          <Tag color="processing" icon={<GlobalOutlined />}>
            {TEXT.publicBadge}
          </Tag>
        ) : (
          <Tag icon={<LockOutlined />}>{TEXT.privateBadge}</Tag>
        )
      }
      actions={[
        <Button key="functions" type="link" size="small" icon={<FunctionOutlined />} onClick={() => onListFunctions(service)}>
          {TEXT.listFunctions}
        </Button>,
        <Button key="edit" type="link" size="small" disabled={!service.can_edit} title={hint} onClick={() => navigate(SERVICE_PATHS.edit(service.id))}>
          {TEXT.edit}
        </Button>,
        <ConfirmDeleteButton
          key="delete"
          title={TEXT.deleteConfirm}
          description={TEXT.deleteConfirmDescription}
          onDelete={() => remove.mutateAsync(service.id)}
          pending={remove.isPending}
          successToast={SERVICE_TOAST.deleted}
          failureToast={SERVICE_TOAST.failed}
          subject={service.name}
          disabled={!service.can_edit}
          disabledHint={TEXT.noEditRight}
        />,
      ]}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: service.description }} className={styles.description}>
        {service.description || TEXT.noDescription}
      </Typography.Paragraph>
      <Flex gap={8} align="center" wrap className={styles.row}>
        <StatusTag service={service} />
        <Tag bordered={false}>{MCP_TRANSPORT_LABELS[service.transport]}</Tag>
        <Typography.Text type="secondary" className={styles.count}>
          {TEXT.functionCount(service.function_count)}
        </Typography.Text>
      </Flex>
      {service.status === 'error' && service.status_message ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: service.status_message }} className={styles.message}>
          {service.status_message}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary" ellipsis className={styles.url} title={target}>
        {target}
      </Typography.Text>
      <Flex gap={4} wrap className={styles.tags}>
        <TagList tags={service.tags} />
      </Flex>
    </Card>
  );
}
