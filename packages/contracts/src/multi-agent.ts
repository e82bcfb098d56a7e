import { z } from 'zod';
import { id, optionalText, pageQuery, requiredText } from './fields.js';
import { bareId } from './agent.js';
import { tagFilter, tagNameList } from './tag.js';
import { MA_CONTEXTS, MA_DEFAULTS, MA_LIMITS, MA_MODES, type MaContext, type MaMode } from './multi-agent-values.js';

/** A member of a setup: an agent the owner may use, with its "when to hand to me" note. */
export interface MaMember {
  agent_id: string;
  /** The agent's name when the setup was saved (shown even when the agent is gone). */
  agent_name: string;
  agent_avatar: string;
  note: string;
  /** Overrides the agent's own confirmation settings in this setup; null: the agent's own. */
  hitl: { action_confirm: boolean; observation_confirm: boolean } | null;
  /** Where the canvas shows it (null: laid out automatically). */
  position: { x: number; y: number } | null;
}

export interface MaEdge {
  from: string;
  to: string;
}

/** A multi-agent setup as pages and calls see it. */
export interface MaInfo {
  id: string;
  name: string;
  avatar: string;
  description: string;
  tags: string[];
  mode: MaMode;
  members: MaMember[];
  edges: MaEdge[];
  start_agent_id: string;
  /** `supervisor`: the coordinator's model and prompt. */
  supervisor: { llm_name: string; system_prompt: string } | null;
  /** What a member receives: the whole conversation, or its task only. */
  context: MaContext;
  max_handoffs: number;
  is_public: boolean;
  owner_id: string;
  owner_name: string;
  editable: boolean;
  created_at: string;
  updated_at: string;
}

const flag = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` });

const memberBody = z.object({
  agent_id: id('成员智能体 id'),
  note: z.string({ error: '成员说明必须是文本' }).trim().max(500, '成员说明不能超过 500 个字符').default(''),
  hitl: z
    .object({ action_confirm: flag('调用工具前确认'), observation_confirm: flag('工具结果确认') }, { error: '确认设置格式不正确' })
    .nullable()
    .default(null),
  position: z
    .object(
      { x: z.number({ error: '画布位置必须是数字' }).min(-100_000).max(100_000), y: z.number({ error: '画布位置必须是数字' }).min(-100_000).max(100_000) },
      { error: '画布位置格式不正确' },
    )
    .nullable()
    .default(null),
});

const maFields = {
  name: requiredText('多智能体名称', 50),
  avatar: z.string({ error: '头像必须是文本' }).trim().max(2000, '头像地址过长').default('🤝'),
  description: z.string({ error: '描述必须是文本' }).trim().max(2000, '描述不能超过 2000 个字符').default(''),
  tags: tagNameList.default([]),
  mode: z.enum(MA_MODES, { error: '协作模式只能是 handoff、supervisor 或 sequential' }),
  members: z.array(memberBody, { error: '成员必须是数组' }).min(1, '请至少添加一个成员智能体').max(MA_LIMITS.members, `最多 ${MA_LIMITS.members} 个成员智能体`),
  edges: z
    .array(z.object({ from: id('连线起点'), to: id('连线终点') }), { error: '连线必须是数组' })
    .max(MA_LIMITS.members * (MA_LIMITS.members - 1), '连线过多')
    .default([]),
  start_agent_id: id('起始智能体 id'),
  supervisor: z
    .object({ llm_name: requiredText('协调者模型', 100), system_prompt: z.string({ error: '协调者提示词必须是文本' }).max(20_000, '协调者提示词不能超过 20000 个字符').default('') })
    .nullable()
    .default(null),
  context: z.enum(MA_CONTEXTS, { error: '成员上下文只能是 conversation 或 task' }).default(MA_DEFAULTS.context),
  max_handoffs: z
    .number({ error: '每轮最多转交次数必须是数字' })
    .int('每轮最多转交次数必须是整数')
    .min(1, '每轮最多转交次数不能小于 1')
    .max(MA_LIMITS.handoffs_per_turn, `每轮最多转交次数不能大于 ${MA_LIMITS.handoffs_per_turn}`)
    .default(MA_LIMITS.handoffs_per_turn),
};

export const createMaBody = z.object(maFields);
export type CreateMaBody = z.infer<typeof createMaBody>;

/** `/ma/update {id, ...}`: the graph (mode, members, edges, start) is given whole or not at all; other fields as given. */
export const updateMaBody = z.object({ id: id('多智能体 id') }).extend({
  name: maFields.name.optional(),
  avatar: maFields.avatar.unwrap().optional(),
  description: maFields.description.unwrap().optional(),
  tags: maFields.tags.unwrap().optional(),
  mode: maFields.mode.optional(),
  members: maFields.members.optional(),
  edges: maFields.edges.unwrap().optional(),
  start_agent_id: maFields.start_agent_id.optional(),
  supervisor: maFields.supervisor.unwrap().optional(),
  context: maFields.context.unwrap().optional(),
  max_handoffs: maFields.max_handoffs.unwrap().optional(),
});
export type UpdateMaBody = z.infer<typeof updateMaBody>;

export const maIdBody = bareId('多智能体 id');
export const listMaBody = pageQuery.extend({ keyword: optionalText('关键词', 100), tag: tagFilter });
export type ListMaBody = z.infer<typeof listMaBody>;

/**
 * `POST /api/ma/chat` (the stream of docs/streaming.md, with `handoff` events and `agent_id` on each piece).
 * The editor's live preview sends `draft`: the unsaved setup, checked as `/ma/create` checks it and used
 * for this turn only (never stored as a setup). With `agent_id` it stands in for that setup (its
 * owner's or an administrator's); without, it is a setup not yet created.
 */
export const maChatBody = z
  .object({
    agent_id: id('多智能体 id').optional(),
    query: requiredText('问题', 20_000),
    conversation_id: id('会话 id').optional(),
    file_ids: z.array(id('文件 id'), { error: 'file_ids 必须是数组' }).max(10, '最多附带 10 个文件').default([]),
    regenerate: z.boolean({ error: 'regenerate 必须是 true 或 false' }).optional(),
    draft: createMaBody.optional(),
  })
  .superRefine((body, context) => {
    if (body.agent_id === undefined && !body.draft) context.addIssue({ code: 'custom', path: ['agent_id'], message: '缺少多智能体 id' });
  });
export type MaChatBody = z.infer<typeof maChatBody>;
