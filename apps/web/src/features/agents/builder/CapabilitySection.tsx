import { KB_SEARCH_MODES } from '@agent-platform/contracts';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { KB_SEARCH_MODE_LABELS } from '../../knowledge';
import type { AgentFormValues } from '../agent-form';
import { AGENT_FORM_TEXT as TEXT } from '../constants';
import { useUsableTools, useVisibleKbs } from '../queries';
import { MultiSelect } from './MultiSelect';
import { Section } from './Section';
import { ServicePicker } from './ServicePicker';
import { toolOptionGroups } from './tool-options';

const MODE_OPTIONS = KB_SEARCH_MODES.map((mode) => ({ value: mode, label: KB_SEARCH_MODE_LABELS[mode] }));

/** 工具 (grouped by kind, built-in ones included) and MCP 服务. */
export function ToolSection() {
  const tools = useUsableTools();
  return (
    <Section title={TEXT.toolSection}>
      <Form.Item<AgentFormValues> name="tool_ids" label={TEXT.tools} extra={TEXT.toolsHint}>
        <MultiSelect label={TEXT.tools} placeholder={TEXT.toolsPlaceholder} loading={tools.isPending} empty={TEXT.noTools} options={toolOptionGroups(tools.data)} />
      </Form.Item>
      <Form.Item<AgentFormValues> name="services" label={TEXT.services} style={{ marginBottom: 0 }}>
        <ServicePicker />
      </Form.Item>
    </Section>
  );
}

/** 知识库 and how they are searched before each answer. */
export function KnowledgeSection() {
  const kbs = useVisibleKbs();
  // Retrieval settings matter once a knowledge base is chosen (they keep their values while hidden).
  const chosen = (Form.useWatch('kb_ids') as string[] | undefined) ?? [];
  return (
    <Section title={TEXT.kbSection}>
      <Form.Item<AgentFormValues> name="kb_ids" label={TEXT.kbs} extra={TEXT.kbsHint}>
        <MultiSelect
          label={TEXT.kbs}
          placeholder={TEXT.kbsPlaceholder}
          loading={kbs.isPending}
          empty={TEXT.noKbs}
          options={(kbs.data ?? []).map((kb) => ({ value: kb.id, label: kb.name, title: kb.description }))}
        />
      </Form.Item>
      <Row gutter={12} style={chosen.length === 0 ? { display: 'none' } : undefined}>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name={['retrieval', 'top_k']} label={TEXT.topK} rules={[{ required: true, message: `请输入${TEXT.topK}` }]}>
            <InputNumber min={1} max={50} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name={['retrieval', 'threshold']} label={TEXT.threshold} rules={[{ required: true, message: `请输入${TEXT.threshold}` }]}>
            <InputNumber min={0} max={1} step={0.05} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item<AgentFormValues> name={['retrieval', 'mode']} label={TEXT.mode}>
            <Select options={MODE_OPTIONS} aria-label={TEXT.mode} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}
