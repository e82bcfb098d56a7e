import type { UsageSummary } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv';
import { csvOf, hasActivity, summaryTables } from './summary-tables';

const EMPTY: UsageSummary = {
  start_date: '2026-01-01',
  end_date: '2026-01-02',
  users: { total: 1, new: 0, active: 0 },
  subjects: [],
  messages_per_day: [
    { day: '2026-01-01', messages: 0 },
    { day: '2026-01-02', messages: 0 },
  ],
  tokens_per_day: [],
  top_users: [],
  top_agents: [],
  runs: { total: 0, failed: 0, reasons: [] },
  knowledge: { knowledge_bases: 0, documents: 0, new_documents: 0, failed_documents: 0, document_bytes: 0, files: 0, file_bytes: 0 },
};

describe('summary tables', () => {
  it('a fresh install has nothing to draw', () => {
    expect(hasActivity(EMPTY)).toBe(false);
    expect(hasActivity({ ...EMPTY, messages_per_day: [{ day: '2026-01-01', messages: 2 }] })).toBe(true);
  });

  it('exports what the table shows: Chinese headers, deleted things and system work named, quotes escaped', () => {
    const tables = summaryTables({
      ...EMPTY,
      top_users: [
        { user_id: 'u1', user_name: '张三', nick_name: '小张, "老张"', calls: 2, prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        { user_id: null, user_name: '', nick_name: '', calls: 1, prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      ],
      top_agents: [{ agent_id: 'a1', name: '', calls: 1, prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 }],
      runs: { total: 3, failed: 1, reasons: [{ reason: '', runs: 1, last_at: '2026-01-02T03:04:05.000Z' }] },
    });
    const users = csvOf(tables.topUsers);
    expect(toCsv(users.columns, users.rows)).toBe('\uFEFF用户名,昵称,调用次数,输入词元,输出词元,总词元\r\n张三,"小张, ""老张""",2,10,5,15\r\n（系统）,,1,1,1,2\r\n');
    expect(csvOf(tables.topAgents).rows).toEqual([['a1（已删除）', 1, 3, 4, 7]]);
    expect(csvOf(tables.failures).rows[0]?.slice(0, 2)).toEqual(['（未记录原因）', 1]);
  });
});
