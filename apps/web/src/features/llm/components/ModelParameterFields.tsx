import type { LlmType } from '@agent-platform/contracts';
import { Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MODEL_FORM_TEXT as TEXT, TYPE_FIELDS } from '../constants';
import type { ModelFormValues } from '../model-form';

/** A form section's heading, with the same spacing everywhere. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={5} style={{ margin: '0 0 12px' }}>
      {children}
    </Typography.Title>
  );
}

/** What the type has: context window (not speech), generation defaults and capabilities (chat, vision). */
export function ModelParameterFields({ type }: { type: LlmType }) {
  const fields = TYPE_FIELDS[type];
  if (!fields.contextWindow && !fields.generation) return null;
  return (
    <>
      <SectionTitle>{TEXT.parameterSection}</SectionTitle>
      {fields.generation ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {TEXT.parameterHint}
        </Typography.Paragraph>
      ) : null}
      <Row gutter={16}>
        {fields.contextWindow ? (
          <Col xs={24} md={12}>
            <Form.Item<ModelFormValues> name="context_window" label={TEXT.contextWindow}>
              <InputNumber min={1} max={10_000_000} precision={0} suffix={TEXT.contextWindowUnit} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : null}
        {fields.generation ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item<ModelFormValues> name="max_tokens" label={TEXT.maxTokens}>
                <InputNumber min={1} max={1_000_000} precision={0} placeholder={TEXT.defaultPlaceholder} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item<ModelFormValues> name="temperature" label={TEXT.temperature}>
                <InputNumber min={0} max={2} step={0.1} placeholder={TEXT.defaultPlaceholder} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item<ModelFormValues> name="top_p" label={TEXT.topP}>
                <InputNumber min={0} max={1} step={0.05} placeholder={TEXT.defaultPlaceholder} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
      {fields.generation ? (
        <>
          <SectionTitle>{TEXT.capabilitySection}</SectionTitle>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item<ModelFormValues> name="supports_tools" label={TEXT.supportsTools} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item<ModelFormValues> name="supports_vision" label={TEXT.supportsVision} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : null}
    </>
  );
}
