import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';

interface KeyValueFieldsProps {
  /** The form list's name (e.g. `headers`). */
  name: string;
  addLabel: string;
  keyLabel: string;
  valueLabel: string;
  keyPlaceholder?: string;
  /** Values hidden as typed (saved ones come back masked and are kept when left as they are). */
  secret?: boolean;
  keyRules?: Array<{ pattern: RegExp; message: string }>;
}

/** Rows of name and value (headers, environment variables), added and removed freely. */
export function KeyValueFields({ name, addLabel, keyLabel, valueLabel, keyPlaceholder, secret = false, keyRules = [] }: KeyValueFieldsProps) {
  const ValueInput = secret ? Input.Password : Input;
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item name={[field.name, 'key']} style={{ flex: 2, marginBottom: 0 }} rules={[{ required: true, whitespace: true, message: `请输入${keyLabel}` }, ...keyRules]}>
                <Input placeholder={keyPlaceholder ?? keyLabel} aria-label={`${keyLabel} ${index + 1}`} maxLength={100} />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} style={{ flex: 3, marginBottom: 0 }}>
                <ValueInput placeholder={valueLabel} aria-label={`${valueLabel} ${index + 1}`} autoComplete="off" />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label={`删除第 ${index + 1} 行`} onClick={() => remove(field.name)} />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })} style={{ alignSelf: 'flex-start' }}>
            {addLabel}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
