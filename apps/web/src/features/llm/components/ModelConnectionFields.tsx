import { isHttpUrl, LLM_PROVIDERS, looksMasked, type LlmModel, type LlmProvider } from '@agent-platform/contracts';
import { AutoComplete, Col, Form, Input, Row, Select } from 'antd';
import { useState } from 'react';
import { MODEL_FORM_RULES as RULES, MODEL_FORM_TEXT as TEXT } from '../constants';
import { baseUrlAfterProviderChange, type ModelFormValues } from '../model-form';

const PROVIDER_OPTIONS = LLM_PROVIDERS.map((preset) => ({ value: preset.key, label: preset.label }));

/** The key field: the masked key of a saved model shows as it is (it is not a secret); a typed key is hidden. */
function ApiKeyInput(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const masked = !!props.value && looksMasked(props.value);
  const [visible, setVisible] = useState(false);
  return (
    <Input.Password
      {...props}
      onChange={(event) => props.onChange?.(event.target.value)}
      placeholder={TEXT.apiKeyPlaceholder}
      autoComplete="new-password"
      visibilityToggle={{ visible: masked || visible, onVisibleChange: setVisible }}
    />
  );
}

/** Provider, address, key and upstream model: where and how the model is called. */
export function ModelConnectionFields({ model }: { model?: LlmModel }) {
  const form = Form.useFormInstance<ModelFormValues>();
  const provider = Form.useWatch('provider', form) ?? 'openai-compatible';
  const preset = LLM_PROVIDERS.find((entry) => entry.key === provider);
  // The provider the address was filled for (useWatch is empty on the first render: start from the saved one).
  const [previousProvider, setPreviousProvider] = useState<LlmProvider>(model?.provider ?? 'openai-compatible');

  const keyHint = model?.api_key ? TEXT.apiKeyKeep(model.api_key) : preset?.needs_api_key ? undefined : TEXT.apiKeyOptional;
  const upstreamOptions = (preset?.example_models ?? []).map((name) => ({ value: name }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item<ModelFormValues> name="provider" label={TEXT.provider}>
          <Select<LlmProvider>
            options={PROVIDER_OPTIONS}
            onChange={(next) => {
              form.setFieldValue('base_url', baseUrlAfterProviderChange(previousProvider, next, form.getFieldValue('base_url') ?? ''));
              setPreviousProvider(next);
            }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item<ModelFormValues>
          name="base_url"
          label={TEXT.baseUrl}
          extra={TEXT.baseUrlHint}
          rules={[
            { required: !preset?.base_url, whitespace: true, message: RULES.baseUrlRequired },
            { validator: async (_rule, value?: string) => (!value?.trim() || isHttpUrl(value.trim()) ? undefined : Promise.reject(new Error(RULES.baseUrlInvalid))) },
          ]}
        >
          <Input placeholder={preset?.base_url || TEXT.baseUrlPlaceholder} allowClear />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item<ModelFormValues> name="api_key" label={TEXT.apiKey} extra={keyHint}>
          <ApiKeyInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item<ModelFormValues> name="upstream_model" label={TEXT.upstreamModel} extra={TEXT.upstreamModelHint}>
          <AutoComplete options={upstreamOptions} placeholder={TEXT.upstreamModelPlaceholder} allowClear />
        </Form.Item>
      </Col>
    </Row>
  );
}
