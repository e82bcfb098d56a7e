import type { McpService } from '@agent-platform/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import type { ServiceChoice } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { useServiceFunctions, useUsableServices } from '../queries';
import styles from './AgentBuilder.module.css';
import { MultiSelect } from './MultiSelect';

interface ServicePickerProps {
  value?: ServiceChoice[];
  onChange?: (value: ServiceChoice[]) => void;
}

function FunctionSelect({ choice, service, onChange }: { choice: ServiceChoice; service?: McpService; onChange: (functions: string[]) => void }) {
  const functions = useServiceFunctions(choice.service_id);
  const name = service?.name ?? choice.service_id;
  return (
    <div className={styles.serviceRow}>
      <Typography.Text strong ellipsis className={styles.serviceName} title={name}>
        <ApiOutlined /> {name}
      </Typography.Text>
      <Select
        mode="multiple"
        allowClear
        size="small"
        className={styles.serviceFunctions}
        aria-label={`${name} ${TEXT.functions}`}
        placeholder={functions.isError ? TEXT.functionsFailed : TEXT.allFunctions}
        value={choice.functions}
        onChange={onChange}
        loading={functions.isPending}
        status={functions.isError ? 'warning' : undefined}
        notFoundContent={functions.isPending ? TEXT.functionsLoading : functions.error?.message}
        options={(functions.data?.functions ?? []).map((fn) => ({ value: fn.name, label: fn.title || fn.name, title: fn.description }))}
        maxTagCount="responsive"
      />
    </div>
  );
}

/** MCP 服务: the services an agent uses, each with all its functions or the chosen ones. */
export function ServicePicker({ value = [], onChange }: ServicePickerProps) {
  const services = useUsableServices();
  const byId = new Map((services.data ?? []).map((service) => [service.id, service]));
  const chooseServices = (ids: string[]) => onChange?.(ids.map((id) => value.find((choice) => choice.service_id === id) ?? { service_id: id, functions: [] }));
  const chooseFunctions = (serviceId: string, functions: string[]) => onChange?.(value.map((choice) => (choice.service_id === serviceId ? { ...choice, functions } : choice)));
  return (
    <Flex vertical gap={8}>
      <MultiSelect
        label={TEXT.services}
        placeholder={TEXT.servicesPlaceholder}
        loading={services.isPending}
        empty={TEXT.noServices}
        value={value.map((choice) => choice.service_id)}
        onChange={chooseServices}
        options={(services.data ?? []).map((service) => ({ value: service.id, label: service.name, title: service.description }))}
      />
      {value.map((choice) => (
        <FunctionSelect key={choice.service_id} choice={choice} service={byId.get(choice.service_id)} onChange={(functions) => chooseFunctions(choice.service_id, functions)} />
      ))}
    </Flex>
  );
}
