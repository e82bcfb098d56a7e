import type { LlmModel } from '@agent-platform/contracts';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { AddModelLink, NoModelsHint, useCreatedModel, NO_MODELS_TEXT } from '../../llm';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { useChatModels } from '../queries';
import { Section } from './Section';
import { ToolSupportWarning } from './ToolSupportWarning';

export const modelOptions = (models: LlmModel[] | undefined) =>
  (models ?? []).map((model) => ({
    value: model.llm_name,
    label: model.display_name && model.display_name !== model.llm_name ? `${model.display_name}（${model.llm_name}）` : model.llm_name,
  }));

/** 模型: the chat model and its sampling parameters (empty: the model's defaults). */
export function ModelSection() {
  const models = useChatModels();
  const form = Form.useFormInstance<AgentFormValues>();
  const created = useCreatedModel();
  const none = models.isSuccess && models.data.length === 0;
  // Back from creating a model for this agent: it is the one to use (the list has it once refetched).
  useEffect(() => {
    if (created && models.data?.some((model) => model.llm_name === created)) form.setFieldValue('llm_name', created);
  }, [created, models.data, form]);
  return (
    <Section title={TEXT.modelSection}>
      <Form.Item<AgentFormValues>
        name="llm_name"
        label={TEXT.llmName}
        rules={[{ required: true, message: TEXT.llmRequired }]}
        extra={none ? <NoModelsHint type="chat" /> : <AddModelLink type="chat" label={NO_MODELS_TEXT.addAnother} />}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={TEXT.llmPlaceholder}
          options={modelOptions(models.data)}
          loading={models.isPending}
          notFoundContent={<NoModelsHint type="chat" />}
          aria-label={TEXT.llmName}
        />
      </Form.Item>
      <ToolSupportWarning models={models.data} />
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name="temperature" label={TEXT.temperature}>
            <InputNumber min={0} max={2} step={0.1} placeholder={TEXT.modelDefault} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name="top_p" label={TEXT.topP}>
            <InputNumber min={0} max={1} step={0.05} placeholder={TEXT.modelDefault} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name="max_tokens" label={TEXT.maxTokens}>
            <InputNumber min={1} max={200_000} precision={0} placeholder={TEXT.modelDefault} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}
