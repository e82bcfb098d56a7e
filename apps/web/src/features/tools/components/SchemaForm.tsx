import { Empty, Form, Input, InputNumber, Select, Switch, type FormInstance, type FormRule } from 'antd';
import { TOOL_CALL_TEXT as TEXT } from '../constants';
import { parseJsonField, type SchemaField } from '../schema-fields';
import { JsonEditor } from './JsonEditor';

function jsonRule(field: SchemaField): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
      const parsed = parseJsonField(field.type, value);
      if (parsed.ok) return Promise.resolve();
      const message = parsed.reason === 'not_object' ? TEXT.objectRequired(field.label) : parsed.reason === 'not_array' ? TEXT.arrayRequired(field.label) : TEXT.jsonInvalid(field.label);
      return Promise.reject(new Error(message));
    },
  };
}

/** `value`/`checked` and `onChange` come from the Form.Item around it and are passed on to the control. */
type ControlProps = { value?: never; checked?: never; onChange?: never };

function FieldInput({ field, ...control }: { field: SchemaField } & ControlProps) {
  switch (field.type) {
    case 'boolean':
      return <Switch {...control} aria-label={field.label} />;
    case 'number':
    case 'integer':
      return <InputNumber {...control} aria-label={field.label} precision={field.type === 'integer' ? 0 : undefined} style={{ width: 240 }} />;
    case 'enum':
      return (
        <Select
          {...control}
          aria-label={field.label}
          allowClear={!field.required}
          options={field.options.map((option) => ({ value: option, label: String(option) }))}
          style={{ maxWidth: 360 }}
        />
      );
    case 'object':
    case 'array':
    case 'json':
      return <JsonEditor {...control} label={field.label} minRows={3} placeholder={field.type === 'array' ? TEXT.jsonPlaceholderArray : TEXT.jsonPlaceholderObject} />;
    default:
      return <Input.TextArea {...control} aria-label={field.label} autoSize={{ minRows: 1, maxRows: 8 }} />;
  }
}

interface SchemaFormProps {
  form: FormInstance<Record<string, unknown>>;
  fields: SchemaField[];
  initialValues: Record<string, unknown>;
  onFinish: () => void;
}

/** One input per property of the tool's input schema, with the schema's required properties enforced. */
export function SchemaForm({ form, fields, initialValues, onFinish }: SchemaFormProps) {
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      {fields.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.noInput} /> : null}
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label === field.name ? field.name : `${field.label}（${field.name}）`}
          extra={field.description || undefined}
          valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
          rules={[
            ...(field.required && field.type !== 'boolean' ? [{ required: true, message: TEXT.required(field.label) }] : []),
            ...(field.type === 'object' || field.type === 'array' || field.type === 'json' ? [jsonRule(field)] : []),
          ]}
        >
          <FieldInput field={field} />
        </Form.Item>
      ))}
    </Form>
  );
}
