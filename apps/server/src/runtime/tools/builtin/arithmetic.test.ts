import { describe, expect, it } from 'vitest';
import { evaluateArithmetic, formatNumber } from './arithmetic.js';

describe('evaluateArithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['2 ^ 3 ^ 2', 512],
    ['2 ** 10', 1024],
    ['-3 ^ 2', -9],
    ['10 % 4', 2],
    ['（1＋1）×3÷2'.replace('＋', '+'), 3],
    ['sqrt(16) + abs(-2)', 6],
    ['max(1, 5, 3) - min(4, 2)', 3],
    ['round(3.14159, 2)', 3.14],
    ['log(1000)', 3],
    ['ln(e)', 1],
    ['1.5e3 / 3', 500],
    ['--2', 2],
    ['2 ^ -1', 0.5],
  ])('%s = %d', (expression, expected) => {
    expect(evaluateArithmetic(expression)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['1 / 0', '除数不能为 0'],
    ['1 +', '表达式不完整'],
    ['(1 + 2', '缺少「)」'],
    ['process.exit(1)', /不支持的函数或常量|无法识别的字符/],
    ['2 ^ -1 + toString(1)', '不支持的函数或常量「tostring」'],
    ['constructor', '不支持的函数或常量'],
    ['1; 2', '无法识别的字符'],
    ['"a"', '无法识别的字符'],
    ['2 3', '多余的'],
    ['10 ^ 400', '结果不是有限数'],
    ['', '表达式为空'],
    ['('.repeat(200) + '1' + ')'.repeat(200), '嵌套过深'],
  ])('refuses %s', (expression, message) => {
    expect(() => evaluateArithmetic(expression)).toThrow(message);
  });

  it('formats without float noise', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1 / 3)).toBe('0.333333333333');
  });
});
