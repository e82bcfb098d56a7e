import type { StreamEvent } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { pendingAnswer } from '../../lib/chat-messages';
import { toCsv } from '../../lib/csv';
import { applyAssetEvent, type AssetMessageView } from './asset-messages';

let seq = 0;
const ev = (event: string, data: object) => ({ id: (seq += 1), event, data }) as StreamEvent;

describe('an asset chat answer built from its stream', () => {
  it('keeps the refused SQL, the rows, the chart and the text', () => {
    const events = [
      ev('run', { run_id: 'r1', conversation_id: 'c1', message_id: 'm1' }),
      ev('observation', { step_id: 's1', tool: 'sql', output: 'select amount from orders', error: '列 amount 不存在' }),
      ev('result', { step_id: 's2', sql: 'select 1', columns: ['store', 'n'], rows: [['国贸店', 3]], truncated: false, duration_ms: 4 }),
      ev('chart', { type: 'bar', x: 'store', y: ['n'] }),
      ev('delta', { text: '国贸店 3 单。' }),
      ev('done', { run_id: 'r1', status: 'completed' }),
    ];
    const answer = events.reduce(applyAssetEvent, pendingAnswer() as AssetMessageView);
    expect(answer).toMatchObject({
      status: 'done',
      content: '国贸店 3 单。',
      failedSql: [{ sql: 'select amount from orders', error: '列 amount 不存在' }],
      result: { columns: ['store', 'n'], rows: [['国贸店', 3]], durationMs: 4 },
      chart: { type: 'bar', x: 'store', y: ['n'] },
    });
  });

  it('shows a pause with the formatted SQL', () => {
    const answer = applyAssetEvent(pendingAnswer(), ev('await', { kind: 'action_confirm', step_id: 'p', payload: { sql: 'select 1', formatted: 'SELECT\n  1' } }));
    expect(answer.pause).toEqual({ sql: 'select 1', formatted: 'SELECT\n  1' });
  });
});

describe('CSV of a result', () => {
  it('quotes what needs quoting and starts with a byte-order mark', () => {
    expect(
      toCsv(
        ['门店', 'n'],
        [
          ['国贸店, 北京', 3],
          ['说"好"', null],
        ],
      ),
    ).toBe('\uFEFF门店,n\r\n"国贸店, 北京",3\r\n"说""好""",\r\n');
  });
});
