import { findUnsafeText } from '@agent-platform/contracts';
import { z } from 'zod';
import { AppError } from './app-error.js';

z.config(z.locales.zhCN());

/**
 * Parses input with a contract schema; a failure becomes `BAD_INPUT` naming each field and its rule.
 * Text holding NUL or another control character is refused first, whatever the schema says.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unsafe = findUnsafeText(input);
  if (unsafe) throw new AppError('BAD_INPUT', unsafe.path ? `参数 ${unsafe.path} 不合法：${unsafe.message}` : `请求参数不合法：${unsafe.message}`);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('BAD_INPUT', describeIssues(result.error.issues));
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const firstPerField = issues.filter((issue, index) => issues.findIndex((other) => other.path.join('.') === issue.path.join('.')) === index);
  const lines = firstPerField.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `参数 ${field} 不合法：${issue.message}` : `请求参数不合法：${issue.message}`;
  });
  return lines.join('；');
}
