import { describe, expect, it } from 'vitest';
import { cellText, columnName, trimColumns } from './sheet-cells';

describe('spreadsheet cells', () => {
  it('names columns like Excel', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('shows every kind of exceljs value as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('销售额')).toBe('销售额');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('true');
    expect(cellText(new Date(Date.UTC(2026, 2, 1)))).toBe('2026-03-01');
    expect(cellText(new Date(Date.UTC(2026, 2, 1, 8, 30)))).toBe('2026-03-01 08:30:00');
    expect(cellText({ formula: 'A1*2', result: 25 })).toBe('25');
    expect(cellText({ sharedFormula: 'A1', result: { error: '#DIV/0!' } })).toBe('#DIV/0!');
    expect(cellText({ formula: 'NOW()' })).toBe('');
    expect(cellText({ richText: [{ text: '华东' }, { text: '地区' }] })).toBe('华东地区');
    expect(cellText({ text: '官网', hyperlink: 'https://example.com' })).toBe('官网');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
  });

  it('cuts trailing empty columns and pads short rows', () => {
    expect(trimColumns([['a', '', ''], ['b', 'c', ''], []])).toEqual([
      ['a', ''],
      ['b', 'c'],
      ['', ''],
    ]);
  });
});
