import { describe, expect, it } from 'vitest';
import { guessDelimiter, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits plain rows and ignores the final line break', () => {
    expect(parseCsv('姓名,城市\n张三,北京\n').rows).toEqual([
      ['姓名', '城市'],
      ['张三', '北京'],
    ]);
  });

  it('keeps delimiters, line breaks and doubled quotes inside quoted fields', () => {
    const text = '名称,备注\r\n"产品,A","第一行\r\n第二行"\r\n"他说""你好""",\r\n';
    expect(parseCsv(text).rows).toEqual([
      ['名称', '备注'],
      ['产品,A', '第一行\r\n第二行'],
      ['他说"你好"', ''],
    ]);
  });

  it('drops a byte-order mark and keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,,c\n,,').rows).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
  });

  it('stops at maxRows and says there was more', () => {
    const parsed = parseCsv('1\n2\n3\n4\n', { maxRows: 2 });
    expect(parsed).toEqual({ rows: [['1'], ['2']], truncated: true });
    expect(parseCsv('1\n2\n', { maxRows: 2 }).truncated).toBe(false);
  });

  it('guesses tab, semicolon or comma from the first line, outside quotes', () => {
    expect(guessDelimiter('a\tb\tc\n1,2')).toBe('\t');
    expect(guessDelimiter('"x,y";b;c')).toBe(';');
    expect(guessDelimiter('single')).toBe(',');
    expect(parseCsv('a\tb\n1\t"2\t3"').rows).toEqual([
      ['a', 'b'],
      ['1', '2\t3'],
    ]);
  });
});
