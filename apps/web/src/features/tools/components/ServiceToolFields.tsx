import type { McpFunctionInfo } from '@agent-platform/contracts';
import { Alert, Form, Select } from 'antd';
import { useEffect } from 'react';
import { SERVICE_TOOL_TEXT as TEXT } from '../constants';
import { useServiceFunctions, useUsableServices } from '../../services';
import { toolNameFromFunction, type ToolFormValues } from '../tool-form';

/** A function of an MCP service as a tool: choose the service, then one of its functions. */
export function ServiceToolFields() {
  const form = Form.useFormInstance<ToolFormValues>();
  const serviceId = Form.useWatch<string | undefined>('service_id');
  const services = useUsableServices();
  const functions = useServiceFunctions(serviceId);

  // Fills what is still empty from the chosen function (the user's own text is kept).
  const choose = (name: string) => {
    const fn = functions.data?.functions.find((item: McpFunctionInfo) => item.name === name);
    if (!fn) return;
    const current = form.getFieldsValue(['name', 'title', 'description']);
    form.setFieldsValue({
      name: current.name?.trim() ? current.name : toolNameFromFunction(fn.name),
      title: current.title?.trim() ? current.title : fn.title || fn.name,
      description: current.description?.trim() ? current.description : fn.description,
    });
  };

  // A function chosen before the form opened (from a service's function list): fill in from it once known.
  const preset = form.getFieldValue('function_name') as string | undefined;
  const loaded = functions.data;
  useEffect(() => {
    if (loaded && preset) choose(preset);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per listing, not on every keystroke
  }, [loaded]);

  return (
    <>
      <Alert type="info" showIcon title={TEXT.hint} style={{ marginBottom: 16 }} />
      <Form.Item<ToolFormValues> name="service_id" label={TEXT.service} rules={[{ required: true, message: TEXT.serviceRequired }]}>
        <Select
          placeholder={TEXT.servicePlaceholder}
          loading={services.isPending}
          options={(services.data ?? []).map((service) => ({ value: service.id, label: service.name }))}
          notFoundContent={services.isError ? services.error.message : TEXT.noServices}
          showSearch
          optionFilterProp="label"
          aria-label={TEXT.service}
          onChange={() => form.setFieldValue('function_name', undefined)}
        />
      </Form.Item>
      <Form.Item<ToolFormValues>
        name="function_name"
        label={TEXT.function}
        rules={[{ required: true, message: TEXT.functionRequired }]}
        help={functions.isError ? functions.error.message : undefined}
        validateStatus={functions.isError ? 'error' : undefined}
      >
        <Select
          placeholder={functions.isFetching ? TEXT.connecting : TEXT.functionPlaceholder}
          loading={functions.isFetching}
          disabled={!serviceId}
          options={(functions.data?.functions ?? []).map((fn) => ({ value: fn.name, label: fn.title && fn.title !== fn.name ? `${fn.name}（${fn.title}）` : fn.name }))}
          notFoundContent={TEXT.noFunctions}
          showSearch
          aria-label={TEXT.function}
          onChange={choose}
        />
      </Form.Item>
    </>
  );
}
