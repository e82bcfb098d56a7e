import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { expect, it, vi } from 'vitest';
import { initialInputValues, schemaFields, toToolInput } from '../schema-fields';
import { SchemaForm } from './SchemaForm';

const fields = schemaFields({
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', default: 1 }, filter: { type: 'object' } },
  required: ['city'],
});

function Host({ onInput }: { onInput: (input: Record<string, unknown>) => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <>
      <SchemaForm form={form} fields={fields} initialValues={initialInputValues(fields)} onFinish={() => onInput(toToolInput(fields, form.getFieldsValue(true)))} />
      <button type="button" onClick={() => form.submit()}>
        run
      </button>
    </>
  );
}

it('shows schema defaults in the controls, refuses bad JSON and submits what was typed as the tool input', async () => {
  const onInput = vi.fn();
  render(<Host onInput={onInput} />);
  expect(screen.getByLabelText('days')).toHaveProperty('value', '1');
  fireEvent.change(screen.getByLabelText('city'), { target: { value: '杭州' } });
  fireEvent.change(screen.getByLabelText('filter'), { target: { value: '[1]' } });
  fireEvent.click(screen.getByText('run'));
  expect(await screen.findByText('「filter」必须是 JSON 对象')).toBeTruthy();
  expect(onInput).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('filter'), { target: { value: '{"a":1}' } });
  fireEvent.click(screen.getByText('run'));
  await waitFor(() => expect(onInput).toHaveBeenCalledWith({ city: '杭州', days: 1, filter: { a: 1 } }));
});
