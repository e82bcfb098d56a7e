import { z } from 'zod';
import { PHONE_PATTERN } from './patterns.js';

/** A required, trimmed string with Chinese messages that name the field. */
export function requiredText(label: string, max = 200) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `请输入${label}` : `${label}必须是文本`) })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字符`);
}

export function optionalText(label: string, max = 200) {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .optional();
}

export const id = (label = 'id') => z.string({ error: (issue) => (issue.input === undefined ? `缺少${label}` : `${label}必须是文本`) }).uuid(`${label}格式不正确`);

export const phone = z
  .string({ error: (issue) => (issue.input === undefined ? '请输入手机号' : '手机号必须是文本') })
  .trim()
  .min(1, '请输入手机号')
  .regex(PHONE_PATTERN, '请输入正确的手机号');

/** The most rows one list call answers (`page_size`); pickers that show every choice ask for this many. */
export const MAX_PAGE_SIZE = 100;

export const pageQuery = z.object({
  // Bounded so that the offset stays a number PostgreSQL takes (a huge page is refused, not a 500).
  page: z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为 1').max(1_000_000, '页码最大为 1000000').default(1),
  page_size: z.coerce.number({ error: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为 1').max(MAX_PAGE_SIZE, `每页条数最大为 ${MAX_PAGE_SIZE}`).default(20),
});
