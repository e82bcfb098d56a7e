import { describe, expect, it } from 'vitest';
import { cleanTitle } from './conversation-titles.js';

describe('cleanTitle', () => {
  it('keeps the first line without quotes, labels, markdown or closing punctuation', () => {
    expect(cleanTitle('“周末杭州旅行计划”。')).toBe('周末杭州旅行计划');
    expect(cleanTitle('标题：Python 读取 CSV 文件\n\n说明：……')).toBe('Python 读取 CSV 文件');
    expect(cleanTitle('<think>先想想</think>\n## **年终总结提纲**')).toBe('年终总结提纲');
  });

  it('shortens a long answer and gives up on an empty one', () => {
    expect(cleanTitle('这是一个非常非常非常非常非常非常长的标题，模型没有听话')).toBe('这是一个非常非常非常非常非常非常长的标题…');
    expect(cleanTitle('  \n 「」。 ')).toBeNull();
  });
});
