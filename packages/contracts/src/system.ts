import { z } from 'zod';
import { id, optionalText, pageQuery, phone, requiredText } from './fields.js';

const propertyCode = requiredText('属性编码', 128).regex(/^[a-z][a-z0-9_.-]*$/, '属性编码只能包含小写字母、数字和 _ . -');
const propertyValue = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .max(100_000, `${label}过长`)
    .nullable()
    .optional();

export const listPropertiesBody = pageQuery.extend({ keyword: optionalText('关键词', 128) });
export type ListPropertiesBody = z.infer<typeof listPropertiesBody>;

export const createPropertyBody = z.object({
  code: propertyCode,
  name: optionalText('名称', 128),
  current_value: propertyValue('当前值'),
  default_value: propertyValue('默认值'),
  description: optionalText('描述', 500),
});
export type CreatePropertyBody = z.infer<typeof createPropertyBody>;

export const updatePropertyBody = z.object({
  id: id('属性 id'),
  name: optionalText('名称', 128),
  current_value: propertyValue('当前值'),
  default_value: propertyValue('默认值'),
  description: optionalText('描述', 500),
});
export type UpdatePropertyBody = z.infer<typeof updatePropertyBody>;

export const deletePropertyBody = z.object({ id: id('属性 id') });

export const batchUpdatePropertiesBody = z.object({
  items: z
    .array(z.object({ code: propertyCode, current_value: propertyValue('当前值') }), { error: 'items 必须是数组' })
    .min(1, '至少修改一项')
    .max(200, '一次最多修改 200 项'),
});
export type BatchUpdatePropertiesBody = z.infer<typeof batchUpdatePropertiesBody>;

/**
 * The phone as a bare string (the spec's shape), or an object that may carry the answer to a challenge
 * from `/sms/challenge`: after a few codes from one address, a code needs one (or a signed-in caller).
 */
export const smsPhoneBody = z.union(
  [
    z.string(),
    z.object({
      phone: z.string(),
      challenge_id: z.string({ error: 'challenge_id 必须是文本' }).uuid('challenge_id 格式不正确').optional(),
      challenge_answer: z.string({ error: '验证答案必须是文本' }).trim().max(10, '验证答案过长').optional(),
    }),
  ],
  { error: '请提供手机号' },
);
export type SmsPhoneBody = z.infer<typeof smsPhoneBody>;

/** Administrators: send a code that registers nothing to this phone, through the configured provider. */
export const sendTestCodeBody = z.object({ phone });
export type SendTestCodeBody = z.infer<typeof sendTestCodeBody>;

/** A question only a person reads easily: an arithmetic sum drawn as an SVG image. */
export interface SmsChallenge {
  challenge_id: string;
  /** `data:image/svg+xml;base64,…` */
  image: string;
  expires_in_seconds: number;
}
