import type { LlmModel } from '@agent-platform/contracts';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { useChatModels } from '../queries';
import { Section } from './Section';

export const modelOptions = (models: LlmModel[] | undefined) =>
  (models ?? []).map((model) => ({ value: model.llm_name, label: model.display_name && model.display_name !== model.llm_name ? `${model.display_name}（${model.llm_name}）` : model.llm_name }));

/** 模型: the chat model and its sampling parameters (empty: the model's defaults). */
export function ModelSection() {
  const models = useChatModels();
  return (
    <Section title={TEXT.modelSection}>
      <Form.Item<AgentFormValues> name="llm_name" label={TEXT.llmName} rules={[{ required: true, message: TEXT.llmRequired }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={TEXT.llmPlaceholder}
          options={modelOptions(models.data)}
          loading={models.isPending}
          notFoundContent={TEXT.noModels}
          aria-label={TEXT.llmName}
        />
      </Form.Item>
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
