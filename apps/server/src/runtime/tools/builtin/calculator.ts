import { z } from 'zod';
import { defineTool, ToolFailure } from '../tool.js';
import { ArithmeticError, evaluateArithmetic, formatNumber } from './arithmetic.js';

export const calculatorTool = defineTool({
  name: 'calculator',
  title: '计算器',
  description: '精确计算算术表达式。支持 + - * / % ^、括号、pi、e，以及 sqrt abs round floor ceil sin cos tan ln log exp min max。',
  input: z.object({ expression: z.string().min(1).max(1_000).describe('算术表达式，例如 (3 + 4) * 2 ^ 3') }),
  timeoutMs: 1_000,
  async execute({ expression }) {
    try {
      const value = evaluateArithmetic(expression);
      return { output: `${expression} = ${formatNumber(value)}`, data: { value } };
    } catch (error) {
      if (error instanceof ArithmeticError) throw new ToolFailure(`无法计算：${error.message}`);
      throw error;
    }
  },
});
