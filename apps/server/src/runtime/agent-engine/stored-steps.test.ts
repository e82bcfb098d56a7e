import { describe, expect, it } from 'vitest';
import { StoredDataError } from '../../core/index.js';
import { readReplacedPlan, readStep, storedStep } from './stored-steps.js';

const row = (type: string, input: unknown, output: unknown) => ({ id: 's1', type, input, output });

describe('stored run steps', () => {
  it('writes each column with its version and reads it back in today’s shape, the version hidden', () => {
    const stored = storedStep({ type: 'observation', input: { tool_call_id: 'c1', tool: 'calculator', needs_confirm: true }, output: { output: '42', duration_ms: 3 } });
    expect(stored).toEqual({ type: 'observation', input: { tool_call_id: 'c1', tool: 'calculator', needs_confirm: true, v: 1 }, output: { output: '42', duration_ms: 3, v: 1 } });
    expect(readStep(row('observation', stored.input, stored.output))).toEqual({
      id: 's1',
      type: 'observation',
      input: { tool_call_id: 'c1', tool: 'calculator', needs_confirm: true },
      output: { output: '42', duration_ms: 3 },
    });
    expect(storedStep({ type: 'notice', input: null, output: { text: '停' } })).toEqual({ type: 'notice', input: null, output: { text: '停', v: 1 } });
  });

  it('reads steps stored before versions (no `v`)', () => {
    const model = readStep(
      row(
        'model',
        { purpose: 'answer' },
        { text: '好', reasoning: '', tool_calls: [{ id: 'c1', name: 'calculator', input: { expression: '1+1' } }], usage: { prompt_tokens: 3, completion_tokens: 1 } },
      ),
    );
    expect(model).toMatchObject({ type: 'model', input: { purpose: 'answer' }, output: { tool_calls: [{ id: 'c1', input: { expression: '1+1' } }] } });
    expect(readStep(row('retrieval', null, { event: { segments: [] }, context: '', found: 0 }))).toMatchObject({ type: 'retrieval', input: null, output: { found: 0 } });
  });

  it('refuses what does not fit: an unknown type, a wrong field, a value in a column the type does not use, a replaced plan that is no plan', () => {
    expect(() => readStep(row('teleport', null, null))).toThrow(/unknown type teleport/);
    expect(() => readStep(row('prompt', { content: 5 }, null))).toThrow(StoredDataError);
    expect(() => readStep(row('plan', { stray: true }, { steps: [] }))).toThrow(/a value where the step has none/);
    expect(() => readStep(row('decision', { kind: 'nap', step_id: 's', decision: 'confirm' }, null))).toThrow(StoredDataError);
    expect(readReplacedPlan([{ index: 1, title: '查', detail: '' }])).toEqual([{ index: 1, title: '查', detail: '' }]);
    expect(() => readReplacedPlan('一步')).toThrow(StoredDataError);
  });
});
