import { TOOL_NAME_RULE, type ToolInfo, type ToolKind } from '@agent-platform/contracts';
import { Button, Col, Divider, Form, Input, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { StickyFormActions } from '../../../components/StickyFormActions';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import type { UnsavedChanges } from '../../../lib/use-unsaved-changes';
import { TOOL_FORM_TEXT as TEXT, TOOL_PATHS } from '../constants';
import { initialToolValues, type ToolFormValues } from '../tool-form';
import { HttpToolFields } from './HttpToolFields';
import { DbToolFields, KbToolFields, MultimodalToolFields } from './KindFields';
import { ServiceToolFields } from './ServiceToolFields';
import { TagsAndVisibility } from './ToolTags';

interface ToolFormProps {
  kind: ToolKind;
  /** The saved tool when editing. */
  tool?: ToolInfo;
  /** Starting values besides the defaults (e.g. a service and function chosen on the service page). */
  preset?: Partial<ToolFormValues>;
  submitting: boolean;
  onSubmit: (values: ToolFormValues) => void;
  /** The page's unsaved-changes guard (the page marks it saved before it navigates away). */
  unsaved: UnsavedChanges;
}

function KindSection({ kind, tool }: { kind: ToolKind; tool?: ToolInfo }) {
  if (kind === 'llm') return <HttpToolFields editing={!!tool} provider={tool?.provider ?? null} />;
  if (kind === 'llm/kb') return <KbToolFields />;
  if (kind === 'llm/multimodal') return <MultimodalToolFields />;
  if (kind === 'service') return <ServiceToolFields />;
  return <DbToolFields />;
}

/** The tool form: the name the model calls, what it is for, who sees it, then the kind's settings. */
export function ToolForm({ kind, tool, preset, submitting, onSubmit, unsaved }: ToolFormProps) {
  const [form] = Form.useForm<ToolFormValues>();
  const navigate = useNavigate();
  const initial = useMemo(() => ({ ...initialToolValues(tool, kind), ...preset }), [tool, kind, preset]);

  return (
    <Form<ToolFormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={unsaved.markChanged}
      onFinish={() => onSubmit({ ...(form.getFieldsValue(true) as ToolFormValues), kind })}
      style={{ maxWidth: 920 }}
      scrollToFirstError
    >
      <Typography.Title level={5}>{TEXT.basicSection}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item<ToolFormValues>
            name="name"
            label={TEXT.name}
            extra={TEXT.nameHint}
            rules={[
              { required: true, whitespace: true, message: TEXT.nameRequired },
              { pattern: TOOL_NAME_RULE, message: TEXT.namePattern },
            ]}
          >
            <Input placeholder={TEXT.namePlaceholder} maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item<ToolFormValues> name="title" label={TEXT.title} rules={[{ required: true, whitespace: true, message: TEXT.titleRequired }]}>
            <Input placeholder={TEXT.titlePlaceholder} maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<ToolFormValues> name="description" label={TEXT.description} extra={TEXT.descriptionHint}>
        <Input.TextArea placeholder={TEXT.descriptionPlaceholder} maxLength={4000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <TagsAndVisibility tagType="tool" text={TEXT} />
      <Divider />
      <Typography.Title level={5}>{TEXT.configSection}</Typography.Title>
      <KindSection kind={kind} tool={tool} />
      <StickyFormActions dirty={unsaved.dirty}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {tool ? TEXT.save : TEXT.create}
        </Button>
        <Button onClick={() => navigate(TOOL_PATHS.listOf(kind))}>{TEXT.cancel}</Button>
      </StickyFormActions>
      <UnsavedChangesPrompt blocker={unsaved.blocker} />
    </Form>
  );
}
