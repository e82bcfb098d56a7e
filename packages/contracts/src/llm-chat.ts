import { z } from 'zod';
import { id, optionalText, requiredText } from './fields.js';

const number = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .min(min, `${label}不能小于 ${min}`)
    .max(max, `${label}不能大于 ${max}`);

/** `POST /api/llm/chat`: the model playground. Answers with the stream of `stream.ts`. */
export const llmChatBody = z
  .object({
    llm_name: requiredText('模型名称', 100),
    /** The user's message; may be left out with `regenerate`. */
    query: z.string({ error: '问题必须是文本' }).trim().max(20_000, '问题不能超过 20000 个字符').optional(),
    conversation_id: id('会话 id').optional(),
    file_ids: z.array(id('文件 id'), { error: 'file_ids 必须是数组' }).max(10, '一次最多附带 10 个文件').optional(),
    system_prompt: optionalText('系统提示词', 20_000),
    temperature: number('温度', 0, 2).optional(),
    top_p: number('top_p', 0, 1).optional(),
    max_tokens: number('最大输出长度', 1, 1_000_000).int('最大输出长度必须是整数').optional(),
    /** Answer the conversation's last question again; the previous answer is replaced. */
    regenerate: z.boolean({ error: 'regenerate 必须是 true 或 false' }).optional(),
  })
  .refine((body) => (body.regenerate ? !!body.conversation_id : !!body.query), {
    message: '请输入问题（重新生成时需提供 conversation_id）',
    path: ['query'],
  });
export type LlmChatBody = z.infer<typeof llmChatBody>;
