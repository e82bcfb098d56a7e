import type { LlmModel } from '@agent-platform/contracts';
import { Alert, Form } from 'antd';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';

/** The chosen model cannot call tools but the agent has some: they would go unused, so say it here. */
export function ToolSupportWarning({ models }: { models: LlmModel[] | undefined }) {
  const form = Form.useFormInstance<AgentFormValues>();
  const llmName = Form.useWatch('llm_name', { form, preserve: true }) as string | undefined;
  const toolIds = (Form.useWatch('tool_ids', { form, preserve: true }) as string[] | undefined) ?? [];
  const services = (Form.useWatch('services', { form, preserve: true }) as AgentFormValues['services'] | undefined) ?? [];
  const model = models?.find((entry) => entry.llm_name === llmName);
  if (!model || model.supports_tools || toolIds.length + services.length === 0) return null;
  return <Alert type="warning" showIcon title={TEXT.noToolSupport(model.display_name || model.llm_name)} style={{ marginBottom: 16 }} data-testid="tool-support-warning" />;
}
