import { AGENT_LIMITS, type McpService } from '@agent-platform/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import type { ServiceChoice } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { useServiceFunctions, useServiceResourcesAndPrompts, useUsableServices } from '../queries';
import styles from './AgentBuilder.module.css';
import { MultiSelect } from './MultiSelect';

interface ServicePickerProps {
  value?: ServiceChoice[];
  onChange?: (value: ServiceChoice[]) => void;
}

/** The service's resources to read into the agent's context each turn (none by default). */
function ResourceSelect({ choice, name, onChange }: { choice: ServiceChoice; name: string; onChange: (resources: string[]) => void }) {
  const offered = useServiceResourcesAndPrompts(choice.service_id);
  const resources = offered.data?.resources ?? [];
  // A service without resources needs no second picker, unless the agent already names some.
  if (offered.isSuccess && resources.length === 0 && choice.resources.length === 0) return null;
  return (
    <Select
      mode="multiple"
      allowClear
      size="small"
      className={styles.serviceFunctions}
      aria-label={`${name} ${TEXT.resources}`}
      placeholder={TEXT.noResourcesChosen}
      value={choice.resources}
      onChange={onChange}
      loading={offered.isPending}
      notFoundContent={offered.isPending ? TEXT.resourcesLoading : (offered.error?.message ?? TEXT.noResources)}
      options={resources.map((resource) => ({ value: resource.uri, label: resource.title || resource.uri, title: resource.description || resource.uri }))}
      maxCount={AGENT_LIMITS.resources}
      maxTagCount="responsive"
    />
  );
}

function FunctionSelect({ choice, service, onChange }: { choice: ServiceChoice; service?: McpService; onChange: (changes: Partial<ServiceChoice>) => void }) {
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
        onChange={(chosen) => onChange({ functions: chosen })}
        loading={functions.isPending}
        status={functions.isError ? 'warning' : undefined}
        notFoundContent={functions.isPending ? TEXT.functionsLoading : functions.error?.message}
        options={(functions.data?.functions ?? []).map((fn) => ({ value: fn.name, label: fn.title || fn.name, title: fn.description }))}
        maxTagCount="responsive"
      />
      <ResourceSelect choice={choice} name={name} onChange={(resources) => onChange({ resources })} />
    </div>
  );
}

/** MCP 服务: the services an agent uses, each with all its functions or the chosen ones, and resources it attaches. */
export function ServicePicker({ value = [], onChange }: ServicePickerProps) {
  const services = useUsableServices();
  const byId = new Map((services.data ?? []).map((service) => [service.id, service]));
  const chooseServices = (ids: string[]) => onChange?.(ids.map((id) => value.find((choice) => choice.service_id === id) ?? { service_id: id, functions: [], resources: [] }));
  const change = (serviceId: string, changes: Partial<ServiceChoice>) => onChange?.(value.map((choice) => (choice.service_id === serviceId ? { ...choice, ...changes } : choice)));
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
        <FunctionSelect key={choice.service_id} choice={choice} service={byId.get(choice.service_id)} onChange={(changes) => change(choice.service_id, changes)} />
      ))}
    </Flex>
  );
}
