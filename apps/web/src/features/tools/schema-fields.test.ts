import { describe, expect, it } from 'vitest';
import { initialInputValues, parseJsonField, prettyOutput, schemaFields, toToolInput } from './schema-fields';

const SCHEMA = {
  type: 'object',
  properties: {
    note: { type: 'string', description: '备注' },
    city: { type: 'string', title: '城市' },
    days: { type: 'integer', default: 3 },
    ratio: { type: ['number', 'null'] },
    metric: { type: 'boolean' },
    unit: { type: 'string', enum: ['c', 'f'] },
    filter: { type: 'object', default: { a: 1 } },
    ids: { type: 'array', items: { type: 'string' } },
    anything: {},
  },
  required: ['city', 'unit'],
};

describe('schemaFields', () => {
  it('maps each property type to a field, required ones first, with titles, enums and defaults', () => {
    const fields = schemaFields(SCHEMA);
    expect(fields.map((field) => [field.name, field.type, field.required])).toEqual([
      ['city', 'string', true],
      ['unit', 'enum', true],
      ['note', 'string', false],
      ['days', 'integer', false],
      ['ratio', 'number', false],
      ['metric', 'boolean', false],
      ['filter', 'object', false],
      ['ids', 'array', false],
      ['anything', 'json', false],
    ]);
    expect(fields[0]?.label).toBe('城市');
    expect(fields[1]?.options).toEqual(['c', 'f']);
    expect(initialInputValues(fields)).toEqual({ days: 3, metric: false, filter: '{\n  "a": 1\n}', ids: '', anything: '' });
    expect(schemaFields(undefined)).toEqual([]);
  });

  it('turns form values into the tool input: blanks left out, JSON parsed, booleans always sent', () => {
    const fields = schemaFields(SCHEMA);
    const input = toToolInput(fields, { city: ' 北京 ', unit: 'c', note: '  ', days: 2, ratio: null, filter: '{"b":[1]}', ids: '["x"]', anything: '42' });
    expect(input).toEqual({ city: ' 北京 ', unit: 'c', days: 2, metric: false, filter: { b: [1] }, ids: ['x'], anything: 42 });
  });

  it('checks JSON fields against their type and pretty-prints JSON output only', () => {
    expect(parseJsonField('object', '[1]')).toEqual({ ok: false, reason: 'not_object' });
    expect(parseJsonField('array', '{}')).toEqual({ ok: false, reason: 'not_array' });
    expect(parseJsonField('json', '{oops')).toEqual({ ok: false, reason: 'invalid' });
    expect(prettyOutput('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(prettyOutput('plain {text}')).toEqual({ text: 'plain {text}', json: false });
    expect(prettyOutput('{broken')).toEqual({ text: '{broken', json: false });
  });
});
