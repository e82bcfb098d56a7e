import type { PlanStep } from '@agent-platform/contracts';
import type { PlanState } from './engine-types.js';

const MAX_PLAN_STEPS = 12;
const TITLE_MAX = 100;
const DETAIL_MAX = 1_000;

export const DRAFT_PREFIX = '请为以下任务制定执行计划：';
export const REDRAFT_PREFIX = '请根据反馈修改计划：';
export const SUMMARY_PROMPT = '请根据以上各步骤的结果给出最终总结。';
const FORMAT = '只输出 JSON，不要其他文字，格式为 {"steps":[{"title":"步骤标题","detail":"这一步要做什么"}]}，3 到 6 步为宜。';

export const draftPrompt = (query: string) => `${DRAFT_PREFIX}${query}\n\n${FORMAT}`;
export const redraftPrompt = (feedback: string) => `${REDRAFT_PREFIX}${feedback}\n\n${FORMAT}`;
export const stepPrompt = (step: PlanStep, total: number) =>
  `执行计划第 ${step.index} 步：${step.title}\n${step.detail}\n\n（共 ${total} 步。只完成这一步，需要时调用工具，完成后简要说明这一步的结果。）`;

/** The heading streamed before a step's output, so the kept answer reads as a report. */
export const stepHeading = (step: PlanStep) => `${step.index > 1 ? '\n\n' : ''}### 第 ${step.index} 步：${step.title}\n\n`;
export const SUMMARY_HEADING = '\n\n### 总结\n\n';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

function normalise(items: Array<{ title?: unknown; detail?: unknown }>): PlanStep[] {
  return items
    .map((item) => ({ title: String(item.title ?? '').trim(), detail: String(item.detail ?? '').trim() }))
    .filter((item) => item.title.length > 0)
    .slice(0, MAX_PLAN_STEPS)
    .map((item, index) => ({ index: index + 1, title: clip(item.title, TITLE_MAX), detail: clip(item.detail, DETAIL_MAX) }));
}

function fromJson(text: string): PlanStep[] | undefined {
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  const end = Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    const list = Array.isArray(value) ? value : (value as { steps?: unknown })?.steps;
    if (!Array.isArray(list)) return undefined;
    return normalise(list.map((item) => (typeof item === 'string' ? { title: item } : (item as { title?: unknown; detail?: unknown }))));
  } catch {
    return undefined;
  }
}

/** `1. 标题：说明` lines (also `1、`, `1)`, `- `). */
function fromLines(text: string): PlanStep[] {
  const items = text
    .split('\n')
    .map((line) => line.trim().match(/^(?:\d+[.、)）]|[-*•])\s*(.+)$/)?.[1])
    .filter((line): line is string => Boolean(line))
    .map((line) => {
      const [title, ...rest] = line.split(/[：:]/);
      return { title: title?.replace(/\*\*/g, ''), detail: rest.join('：') };
    });
  return normalise(items);
}

/** A plan from the model's answer or a person's edit: JSON, or numbered lines. Empty when nothing usable. */
export function parsePlan(content: unknown): PlanStep[] {
  if (Array.isArray(content)) return normalise(content.map((item) => (typeof item === 'string' ? { title: item } : (item as { title?: unknown; detail?: unknown }))));
  if (content && typeof content === 'object') return fromJson(JSON.stringify(content)) ?? [];
  const text = String(content ?? '');
  return fromJson(text) ?? fromLines(text);
}

/** The plan as the model should remember it after a person edited it. */
export const planAsText = (steps: PlanStep[]) => JSON.stringify({ steps: steps.map(({ title, detail }) => ({ title, detail })) });

/** The `plan` event: the steps with where execution stands. */
export function planEvent(plan: PlanState, completed = false): { steps: PlanStep[] } {
  return {
    steps: plan.steps.map((step) => ({
      ...step,
      status: completed || (plan.confirmed && step.index < plan.current) ? 'done' : plan.confirmed && step.index === plan.current ? 'running' : 'pending',
    })),
  };
}
