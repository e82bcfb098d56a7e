import type { HitlDecision, HitlKind } from '@agent-platform/contracts';
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { DecisionBody } from '../agent-chat/index.js';

/** A paused run as its `await` event told it. */
export interface Pause {
  kind: HitlKind;
  payload: Record<string, unknown>;
}

/** What the person may choose; `feedback` and `finish` answer any pause, `confirm` the pause's own confirmation. */
const CHOICES = ['confirm', 'feedback', 'finish'] as const;
type Choice = (typeof CHOICES)[number];

const CONFIRM_TITLE: Record<HitlKind, string> = { action_confirm: '执行', observation_confirm: '接受结果，继续', plan_confirm: '按此计划执行' };
const DEFAULT_FEEDBACK = '调用方拒绝了此操作，请换一种做法';
const SHOWN_CHARS = 800;

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
};

function planText(payload: Record<string, unknown>): string {
  const steps = Array.isArray(payload.steps) ? (payload.steps as Array<{ index?: number; title?: string }>) : [];
  return steps.map((step, at) => `${step.index ?? at + 1}. ${step.title ?? ''}`).join('\n');
}

/** What the person is asked: the pause in words, and a choice with an optional reason. */
export function elicitationFor(subjectName: string, pause: Pause): ElicitRequestFormParams {
  const { payload } = pause;
  const message =
    pause.kind === 'action_confirm'
      ? `「${subjectName}」想调用工具「${String(payload.tool ?? '')}」，参数：\n${shown(payload.input)}\n是否执行？`
      : pause.kind === 'observation_confirm'
        ? `工具「${String(payload.tool ?? '')}」返回了结果：\n${shown(payload.error ?? payload.output)}\n是否让「${subjectName}」据此继续？`
        : `「${subjectName}」拟订了计划：\n${planText(payload)}\n是否按此计划执行？`;
  return {
    mode: 'form',
    message,
    requestedSchema: {
      type: 'object',
      properties: {
        decision: {
          type: 'string',
          title: '决定',
          oneOf: [
            { const: 'confirm', title: CONFIRM_TITLE[pause.kind] },
            { const: 'feedback', title: '拒绝，并告诉智能体原因' },
            { const: 'finish', title: '结束本次运行' },
          ],
        },
        feedback: { type: 'string', title: '原因或修改意见', description: '选择“拒绝”时填写，智能体会据此重试', maxLength: 2000 },
      },
      required: ['decision'],
    },
  };
}

/**
 * The decision call the person's answer makes, as the platform's decision buttons do: `decline` is a
 * refusal (feedback), `cancel` (the person dismissed the question) decides nothing: `undefined`.
 */
export function decisionOf(pause: Pause, answer: ElicitResult, runId: string): { call: HitlDecision; body: DecisionBody } | undefined {
  if (answer.action === 'cancel') return undefined;
  const content = answer.content ?? {};
  const choice: Choice = answer.action === 'decline' ? 'feedback' : (CHOICES.find((one) => one === content.decision) ?? 'feedback');
  const feedback = typeof content.feedback === 'string' && content.feedback.trim() ? content.feedback.trim() : DEFAULT_FEEDBACK;
  if (choice === 'finish') return { call: 'hitl_finish', body: { run_id: runId } };
  if (choice === 'feedback') return { call: 'hitl_feedback', body: { run_id: runId, feedback } };
  return { call: pause.kind === 'observation_confirm' ? 'hitl_observation_confirm' : 'hitl_action_confirm', body: { run_id: runId } };
}
