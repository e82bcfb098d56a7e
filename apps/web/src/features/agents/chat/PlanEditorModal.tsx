import type { PlanStep } from '@agent-platform/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import type { Decision } from './agent-messages';
import styles from './AgentChat.module.css';
import { DECISION_TEXT as TEXT } from './constants';
import { DecisionFormModal } from './DecisionForm';

interface PlanEditorModalProps {
  open: boolean;
  steps: PlanStep[];
  onCancel: () => void;
  onSubmit: (decision: Decision) => void;
}

interface PlanForm {
  steps: Array<{ title: string; detail?: string }>;
}

/** Editing a drafted plan: reword, add, remove steps; the edited plan is then executed as it is. */
export function PlanEditorModal({ open, steps, onCancel, onSubmit }: PlanEditorModalProps) {
  const submit = (values: PlanForm) => {
    const edited = values.steps.map((step, position) => ({ index: position + 1, title: step.title.trim(), detail: (step.detail ?? '').trim() }));
    onSubmit({ choice: 'replace', content: edited });
  };
  return (
    <DecisionFormModal<PlanForm>
      open={open}
      title={TEXT.editPlanTitle}
      width={640}
      initialValues={{ steps: steps.map(({ title, detail }) => ({ title, detail })) }}
      onCancel={onCancel}
      onFinish={submit}
    >
      <Form.List
        name="steps"
        rules={[
          {
            validator: async (_, value: unknown[] | undefined) => {
              if (!value?.length) throw new Error(TEXT.planRequired);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={4}>
            {fields.map((field, position) => (
              <Flex key={field.key} gap={8} align="flex-start" className={styles.planEditRow}>
                <span className={styles.planIndex}>{position + 1}</span>
                <Flex vertical flex={1}>
                  <Form.Item name={[field.name, 'title']} rules={[{ required: true, whitespace: true, message: TEXT.stepTitleRequired }, { max: 100 }]} className={styles.planEditItem}>
                    <Input placeholder={TEXT.stepTitle} aria-label={`${TEXT.stepTitle} ${position + 1}`} maxLength={100} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'detail']} className={styles.planEditItem}>
                    <Input.TextArea placeholder={TEXT.stepDetail} aria-label={`${TEXT.stepDetail} ${position + 1}`} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
                  </Form.Item>
                </Flex>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${TEXT.removeStep} ${position + 1}`} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', detail: '' })}>
              {TEXT.addStep}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </DecisionFormModal>
  );
}
