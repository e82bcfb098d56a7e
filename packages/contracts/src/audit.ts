import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-values.js';
import { optionalText, pageQuery } from './fields.js';

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label}必须是 ISO 8601 时间（如 2026-01-01T00:00:00Z）` }).optional();

export const listAuditBody = pageQuery
  .extend({
    /** Part of the actor's user name. */
    actor: optionalText('操作人', 64),
    action: z.enum(AUDIT_ACTIONS, { error: '操作类型不存在' }).optional(),
    from: instant('开始时间'),
    to: instant('结束时间'),
  })
  .refine((body) => !body.from || !body.to || Date.parse(body.from) <= Date.parse(body.to), { message: '开始时间不能晚于结束时间', path: ['from'] });
export type ListAuditBody = z.infer<typeof listAuditBody>;
