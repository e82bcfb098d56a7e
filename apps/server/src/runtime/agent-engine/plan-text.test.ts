import { describe, expect, it } from 'vitest';
import { parsePlan, planEvent } from './plan-text.js';

describe('parsePlan', () => {
  it('reads the JSON the model was asked for, also inside a code fence', () => {
    const text = '好的：\n```json\n{"steps":[{"title":"查资料","detail":"搜索相关信息"},{"title":"写总结"}]}\n```';
    expect(parsePlan(text)).toEqual([
      { index: 1, title: '查资料', detail: '搜索相关信息' },
      { index: 2, title: '写总结', detail: '' },
    ]);
  });

  it('reads numbered lines and a person’s edited array, dropping empty titles', () => {
    expect(parsePlan('1. 收集数据：从报表中取数\n2、分析\n- 汇报：给领导')).toEqual([
      { index: 1, title: '收集数据', detail: '从报表中取数' },
      { index: 2, title: '分析', detail: '' },
      { index: 3, title: '汇报', detail: '给领导' },
    ]);
    expect(parsePlan([{ title: ' 甲 ', detail: 'a' }, { title: '' }, '乙'])).toEqual([
      { index: 1, title: '甲', detail: 'a' },
      { index: 2, title: '乙', detail: '' },
    ]);
    expect(parsePlan('没有计划')).toEqual([]);
  });

  it('reports step statuses as execution goes on', () => {
    const steps = parsePlan(['甲', '乙', '丙']);
    const statuses = (current: number, confirmed = true, completed = false) => planEvent({ steps, confirmed, current }, completed).steps.map((step) => step.status);
    expect(statuses(0, false)).toEqual(['pending', 'pending', 'pending']);
    expect(statuses(2)).toEqual(['done', 'running', 'pending']);
    expect(statuses(4, true, true)).toEqual(['done', 'done', 'done']);
  });
});
