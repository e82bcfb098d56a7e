import { LLM_NAME_MAX, LLM_NAME_PATTERN, LLM_TYPE_LABELS, LLM_TYPES, type LlmModel, type LlmType } from '@agent-platform/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { Button, Card, Col, Divider, Flex, Form, Input, Radio, Row, Switch } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { StickyFormActions } from '../../../components/StickyFormActions';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { LLM_PATHS, MODEL_FORM_RULES as RULES, MODEL_FORM_TEXT as TEXT } from '../constants';
import { initialValues, toTestBody, type ModelFormValues } from '../model-form';
import { ConnectionTestResult, useConnectionTest } from './ConnectionTest';
import { ModelConnectionFields } from './ModelConnectionFields';
import { ModelParameterFields, SectionTitle } from './ModelParameterFields';

const TYPE_OPTIONS = LLM_TYPES.map((type) => ({ value: type, label: LLM_TYPE_LABELS[type] }));
/** What a connection test needs to be valid. */
const CONNECTION_FIELDS: Array<keyof ModelFormValues> = ['type', 'llm_name', 'base_url'];

interface ModelFormProps {
  /** The saved model when editing; none when creating. */
  model?: LlmModel;
  /** A new model's type (the page that sent the user here needs one of it). */
  initialType?: LlmType;
  submitting: boolean;
  onSubmit: (values: ModelFormValues) => void;
  /** The page's unsaved-changes guard (the page marks it saved before it navigates away). */
  unsaved: UnsavedChanges;
}

/** The model form: adapts to the provider (preset address) and the type (which settings apply). */
export function ModelForm({ model, initialType, submitting, onSubmit, unsaved }: ModelFormProps) {
  const [form] = Form.useForm<ModelFormValues>();
  const navigate = useNavigate();
  const initial = useMemo(() => initialValues(model, initialType), [model, initialType]);
  const type = Form.useWatch('type', form) ?? initial.type;

  const test = useConnectionTest();

  /** Tests the unsaved values (after checking the fields a test needs). */
  const testNow = () =>
    form.validateFields(CONNECTION_FIELDS).then(
      () => test.run(toTestBody(form.getFieldsValue(true) as ModelFormValues, model)),
      () => undefined, // the fields show what is wrong
    );

  return (
    <Card>
      <Form<ModelFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => onSubmit(form.getFieldsValue(true) as ModelFormValues)}
        onValuesChange={(changed: Partial<ModelFormValues>) => {
          unsaved.markChanged();
          if (changed.type === 'vision') form.setFieldValue('supports_vision', true);
        }}
        style={{ maxWidth: 920 }}
      >
        <SectionTitle>{TEXT.basicSection}</SectionTitle>
        <Form.Item<ModelFormValues> name="type" label={TEXT.type} rules={[{ required: true, message: RULES.typeRequired }]}>
          <Radio.Group options={TYPE_OPTIONS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item<ModelFormValues>
              name="llm_name"
              label={TEXT.llmName}
              extra={TEXT.llmNameHint}
              rules={[
                { required: true, whitespace: true, message: RULES.llmNameRequired },
                { pattern: LLM_NAME_PATTERN, message: RULES.llmNamePattern },
              ]}
            >
              <Input placeholder={TEXT.llmNamePlaceholder} maxLength={LLM_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item<ModelFormValues> name="display_name" label={TEXT.displayName}>
              <Input placeholder={TEXT.displayNamePlaceholder} maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item<ModelFormValues> name="description" label={TEXT.description}>
          <Input.TextArea placeholder={TEXT.descriptionPlaceholder} maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item<ModelFormValues> name="enabled" label={TEXT.enabled} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={18}>
            <Form.Item<ModelFormValues> name="is_public" label={TEXT.isPublic} valuePropName="checked" extra={TEXT.isPublicHint}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>

        <Divider />
        <SectionTitle>{TEXT.connectionSection}</SectionTitle>
        <ModelConnectionFields model={model} />
        {/* Beside the fields it tests, not at the end of the form. */}
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Button icon={<ApiOutlined />} loading={test.isPending} onClick={() => void testNow()}>
            {TEXT.testConnection}
          </Button>
          <ConnectionTestResult result={test.result} />
        </Flex>
        <ModelParameterFields type={type} />

        <StickyFormActions dirty={unsaved.dirty}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {model ? TEXT.save : TEXT.create}
          </Button>
          <Button onClick={() => navigate(LLM_PATHS.list)}>{TEXT.cancel}</Button>
        </StickyFormActions>
      </Form>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Card>
  );
}
