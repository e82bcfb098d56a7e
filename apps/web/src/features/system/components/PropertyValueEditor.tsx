import { jsonProblem, type PropertyValueType } from '@agent-platform/contracts';
import { Input, InputNumber, Switch, Typography } from 'antd';
import { PROPERTY_TEXT as TEXT } from '../constants';

interface PropertyValueEditorProps {
  code: string;
  type: PropertyValueType;
  /** The value shown: the draft if there is one, else the effective value. */
  value: string;
  onChange: (value: string) => void;
  /** Secrets: whether one is stored (its value is never shown). */
  secretSet?: boolean;
}

/** Whether a draft value can be saved as its type says (JSON must parse). */
export function valueProblem(type: PropertyValueType, value: string): string | null {
  const problem = type === 'json' && value.trim() ? jsonProblem(value) : null;
  return problem && TEXT.invalidJson(problem);
}

/** The editor that fits a property's value: a switch, a number, JSON, an image or plain text. */
export function PropertyValueEditor({ code, type, value, onChange, secretSet }: PropertyValueEditorProps) {
  switch (type) {
    case 'boolean':
      return <Switch checked={value === 'true'} aria-label={code} onChange={(checked) => onChange(String(checked))} />;
    case 'number':
      return <InputNumber<string> stringMode value={value} aria-label={code} style={{ width: 160 }} onChange={(next) => onChange(next ?? '')} />;
    case 'image':
      return (
        <Typography.Text type="secondary">
          {value ? <img src={value} alt={code} width={28} height={28} style={{ objectFit: 'contain', marginInlineEnd: 8, verticalAlign: 'middle' }} /> : null}
          {TEXT.logoHint}
        </Typography.Text>
      );
    case 'json': {
      const problem = valueProblem(type, value);
      return (
        <>
          <Input.TextArea value={value} aria-label={code} autoSize={{ minRows: 1, maxRows: 6 }} status={problem ? 'error' : undefined} onChange={(event) => onChange(event.target.value)} />
          {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
        </>
      );
    }
    case 'secret':
      return (
        <Input.Password
          value={value}
          aria-label={code}
          autoComplete="new-password"
          placeholder={secretSet ? TEXT.secretSet : TEXT.secretUnset}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return <Input value={value} aria-label={code} onChange={(event) => onChange(event.target.value)} />;
  }
}
