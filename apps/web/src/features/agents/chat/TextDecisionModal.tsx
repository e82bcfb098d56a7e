import { Form, Input, Typography } from 'antd';
import type { Decision } from './agent-messages';
import { DECISION_TEXT as TEXT } from './constants';
import { parseToolInput } from './decisions';
import { DecisionFormModal } from './DecisionForm';
import styles from './AgentChat.module.css';

/** `input`: new tool input (JSON object); `output`: the text the model gets instead; `feedback`: a note to the model. */
export type TextDecisionKind = 'input' | 'output' | 'feedback';

const TITLES: Record<TextDecisionKind, string> = { input: TEXT.replaceInputTitle, output: TEXT.replaceOutputTitle, feedback: TEXT.feedbackTitle };
const FEEDBACK_MAX = 4000;

interface TextDecisionModalProps {
  /** Closed when null. */
  kind: TextDecisionKind | null;
  initial: string;
  /** Feedback on a plan asks for a redraft. */
  plan?: boolean;
  onCancel: () => void;
  onSubmit: (decision: Decision) => void;
}

const JSON_MESSAGES = { required: TEXT.jsonRequired, invalid: TEXT.jsonInvalid, notObject: TEXT.jsonNotObject };

async function checkJson(text: string): Promise<void> {
  const parsed = parseToolInput(text, JSON_MESSAGES);
  if ('error' in parsed) throw new Error(parsed.error);
}

/** Replacing a tool's input or output, or giving feedback: one text box, checked before it is sent. */
export function TextDecisionModal({ kind, initial, plan, onCancel, onSubmit }: TextDecisionModalProps) {
  const submit = ({ text }: { text: string }) => {
    if (kind === 'input') {
      const parsed = parseToolInput(text, JSON_MESSAGES);
      if ('value' in parsed) onSubmit({ choice: 'replace', content: parsed.value });
    } else if (kind === 'output') onSubmit({ choice: 'replace', content: text });
    else onSubmit({ choice: 'feedback', feedback: text.trim() });
  };
  const rules =
    kind === 'input'
      ? [{ validator: async (_: unknown, value: string | undefined) => checkJson(value ?? '') }]
      : kind === 'output'
        ? [{ required: true, message: TEXT.outputRequired }]
        : [
            { required: true, whitespace: true, message: TEXT.feedbackRequired },
            { max: FEEDBACK_MAX, message: TEXT.feedbackTooLong },
          ];
  return (
    <DecisionFormModal<{ text: string }> open={kind !== null} title={kind ? TITLES[kind] : ''} initialValues={{ text: initial }} onCancel={onCancel} onFinish={submit}>
      <>
        {kind === 'input' ? <Typography.Paragraph type="secondary">{TEXT.replaceInputHint}</Typography.Paragraph> : null}
        {kind === 'output' ? <Typography.Paragraph type="secondary">{TEXT.replaceOutputHint}</Typography.Paragraph> : null}
        <Form.Item name="text" rules={rules}>
          <Input.TextArea
            autoSize={{ minRows: kind === 'feedback' ? 3 : 6, maxRows: 16 }}
            className={kind === 'input' ? styles.jsonInput : undefined}
            placeholder={kind === 'feedback' ? (plan ? TEXT.planFeedbackPlaceholder : TEXT.feedbackPlaceholder) : undefined}
            aria-label={kind ? TITLES[kind] : ''}
          />
        </Form.Item>
      </>
    </DecisionFormModal>
  );
}
