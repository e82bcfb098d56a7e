import { AGENT_LIMITS } from '@agent-platform/contracts';
import { Col, Form, InputNumber, Row, Switch } from 'antd';
import type { AgentFormValues } from '../agent-form';
import { AgentTagSelect } from '../components/AgentTagSelect';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { Section } from './Section';

/** 人工确认, step and memory limits, tags. */
export function BehaviourSection() {
  return (
    <Section title={TEXT.behaviourSection}>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item<AgentFormValues> name={['hitl', 'action_confirm']} label={TEXT.actionConfirm} extra={TEXT.actionConfirmHint} valuePropName="checked">
            <Switch aria-label={TEXT.actionConfirm} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<AgentFormValues> name={['hitl', 'observation_confirm']} label={TEXT.observationConfirm} extra={TEXT.observationConfirmHint} valuePropName="checked">
            <Switch aria-label={TEXT.observationConfirm} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<AgentFormValues> name="max_steps" label={TEXT.maxSteps} extra={TEXT.maxStepsHint} rules={[{ required: true, message: `请输入${TEXT.maxSteps}` }]}>
            <InputNumber min={1} max={AGENT_LIMITS.max_steps} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<AgentFormValues> name="history_turns" label={TEXT.historyTurns} extra={TEXT.historyTurnsHint} rules={[{ required: true, message: `请输入${TEXT.historyTurns}` }]}>
            <InputNumber min={0} max={AGENT_LIMITS.history_turns} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<AgentFormValues> name="tags" label={TEXT.tags} style={{ marginBottom: 0 }}>
        <AgentTagSelect mode="multiple" maxCount={10} placeholder={TEXT.tagsPlaceholder} aria-label={TEXT.tags} />
      </Form.Item>
    </Section>
  );
}
