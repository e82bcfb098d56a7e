import { MA_LIMITS, pipelineOrder } from '@agent-platform/contracts';
import { transcriptOf, type EngineState } from '../../runtime/agent-engine/index.js';
import type { ChatMessage } from '../../platform/llm/index.js';
import type { RunStepRow } from '../../runtime/runs/index.js';
import type { MaRunInput } from './ma-run-input.js';

/**
 * A multi-agent turn is a sequence of legs: one agent's part, run by the agent engine on its own
 * steps. A `ma_leg` step opens each leg and stores what the agent starts from; the leg's steps are
 * the ones after it (a decision at a pause is appended to the last leg). `ma_notice` steps are what
 * the platform says itself (a limit reached).
 */
export interface LegStart {
  agent_id: string;
  role: 'member' | 'coordinator';
  /** The messages the agent starts from. */
  seed: ChatMessage[];
  /** What the agent's knowledge is searched with. */
  query: string;
  /** Added to the agent's instructions for this leg (who handed over, and why). */
  system_note: string;
  /** The delegation this leg answers (supervisor). */
  call_id?: string;
}

export interface Leg {
  start: LegStart;
  steps: RunStepRow[];
}

export interface MaNotice {
  text: string;
  agent_id: string;
}

export const LEG_STEP = 'ma_leg';
export const NOTICE_STEP = 'ma_notice';

const TRANSFER = /^transfer_to_agent_(\d+)$/;
const ASK = /^ask_agent_(\d+)$/;
export const transferToolName = (memberIndex: number) => `transfer_to_agent_${memberIndex + 1}`;
export const askToolName = (memberIndex: number) => `ask_agent_${memberIndex + 1}`;
const isHandover = (toolName: string) => TRANSFER.test(toolName) || ASK.test(toolName);

/** The stored steps as legs, and the notices among them. */
export function splitLegs(rows: RunStepRow[]): { legs: Leg[]; notices: MaNotice[] } {
  const legs: Leg[] = [];
  const notices: MaNotice[] = [];
  for (const row of rows) {
    if (row.type === LEG_STEP) legs.push({ start: row.input as LegStart, steps: [] });
    else if (row.type === NOTICE_STEP) notices.push(row.output as MaNotice);
    else legs.at(-1)?.steps.push(row);
  }
  return { legs, notices };
}

export const legState = (leg: Leg): EngineState => transcriptOf(leg.start.seed, leg.steps);

/** The calls that ended a leg and hand work on: its last model step's handoff or delegation calls, in order. */
function handoverCalls(leg: Leg): Array<{ id: string; memberIndex: number; kind: 'transfer' | 'ask'; text: string }> {
  const state = legState(leg);
  return state.pending
    .filter((pending) => !pending.resolved && isHandover(pending.call.name))
    .map((pending) => {
      const transfer = TRANSFER.exec(pending.call.name);
      const index = Number((transfer ?? ASK.exec(pending.call.name))![1]) - 1;
      const input = (pending.input ?? {}) as { reason?: unknown; task?: unknown };
      const text = String((transfer ? input.reason : input.task) ?? '').trim();
      return { id: pending.call.id, memberIndex: index, kind: transfer ? 'transfer' : 'ask', text };
    });
}

/** Where a member starts: the whole conversation, or the question (or task) only. */
function memberSeed(input: MaRunInput, task?: string): ChatMessage[] {
  const question = input.history.at(-1)!;
  if (input.setup.context === 'task') return [task ? { role: 'user', content: task } : question];
  return task ? [...input.history, { role: 'user', content: `协调者交给你的任务：${task}` }] : [...input.history];
}

export function firstLeg(input: MaRunInput): LegStart {
  if (input.setup.mode === 'supervisor') return { agent_id: input.setup.id, role: 'coordinator', seed: [...input.history], query: input.query, system_note: '' };
  const first = input.setup.mode === 'sequential' ? input.setup.start_agent_id : input.first_agent_id;
  return { agent_id: first, role: 'member', seed: memberSeed(input), query: input.query, system_note: '' };
}

type NextStep = { leg: LegStart; from: string; reason: string } | { notice: string } | { done: true };

const memberName = (input: MaRunInput, agentId: string) => input.members.find((member) => member.agent.id === agentId)?.agent.name ?? agentId;
const limitNotice = (max: number) => `\n\n（本轮转交或委派已达上限 ${max} 次，已停止。）`;
const bounceNotice = (a: string, b: string) => `\n\n（「${a}」与「${b}」之间来回转交超过 ${MA_LIMITS.pair_bounces} 次，为避免循环已停止。）`;

function nextHandoff(input: MaRunInput, legs: Leg[]): NextStep {
  const last = legs.at(-1)!;
  const call = handoverCalls(last).find((candidate) => candidate.kind === 'transfer');
  const target = call && input.members[call.memberIndex];
  const allowed = target && input.setup.edges.some((edge) => edge.from === last.start.agent_id && edge.to === target.agent.id);
  if (!call || !target || !allowed) return { done: true };
  const from = last.start.agent_id;
  const to = target.agent.id;
  // Handoffs so far: one per leg after the first.
  if (legs.length - 1 >= input.setup.max_handoffs) return { notice: limitNotice(input.setup.max_handoffs) };
  // Handoffs within the same two agents, either way: the first is not a bounce, each further one is.
  const samePair = legs.filter((leg, index) => index > 0 && new Set([leg.start.agent_id, legs[index - 1]!.start.agent_id, from, to]).size === 2).length;
  if (samePair > MA_LIMITS.pair_bounces) return { notice: bounceNotice(memberName(input, from), memberName(input, to)) };
  // What was said this turn goes with the handoff (the question stays the last message the agent reads).
  const written =
    input.setup.context === 'conversation'
      ? legs
          .map((leg) => legState(leg).answer)
          .join('')
          .trim()
      : '';
  const note = [
    `（本轮对话由「${memberName(input, from)}」转交给你${call.text ? `，原因：${call.text}` : ''}。）`,
    written ? `本轮已经对用户说过：\n${written}\n请接着回答，不要重复。` : '',
  ];
  return { leg: { agent_id: to, role: 'member', seed: memberSeed(input), query: input.query, system_note: note.filter(Boolean).join('\n') }, from, reason: call.text };
}

function nextInPipeline(input: MaRunInput, legs: Leg[]): NextStep {
  const order = pipelineOrder(input.setup);
  const last = legs.at(-1)!;
  const next = order[order.indexOf(last.start.agent_id) + 1];
  if (!next) return { done: true };
  const previous = legState(last).answer;
  const seed = [...memberSeed(input), { role: 'user' as const, content: `上一位「${memberName(input, last.start.agent_id)}」的输出：\n${previous}\n\n请在此基础上完成你负责的部分。` }];
  return { leg: { agent_id: next, role: 'member', seed, query: input.query, system_note: '' }, from: last.start.agent_id, reason: '顺序执行' };
}

function nextInSupervision(input: MaRunInput, legs: Leg[]): NextStep {
  const at = legs.findLastIndex((leg) => leg.start.role === 'coordinator');
  const coordinator = legs[at]!;
  const calls = handoverCalls(coordinator).filter((call) => call.kind === 'ask');
  if (calls.length === 0) return { done: true };
  const answered = new Map(legs.slice(at + 1).map((leg) => [leg.start.call_id, legState(leg).answer]));
  const delegations = legs.filter((leg) => leg.start.call_id !== undefined).length;
  const open = calls.find((call) => !answered.has(call.id) && input.members[call.memberIndex]);
  if (open && delegations < input.setup.max_handoffs) {
    const member = input.members[open.memberIndex]!;
    const task = open.text || input.query;
    return { leg: { agent_id: member.agent.id, role: 'member', seed: memberSeed(input, task), query: task, system_note: '', call_id: open.id }, from: input.setup.id, reason: task };
  }
  // Every call asked again after the limit was refused already: the coordinator keeps delegating.
  if (answered.size === 0 && delegations >= input.setup.max_handoffs) return { notice: limitNotice(input.setup.max_handoffs) };
  const results: ChatMessage[] = calls.map((call) => {
    const member = input.members[call.memberIndex];
    const content = answered.get(call.id) ?? (member ? `已达到本轮委派上限（${input.setup.max_handoffs} 次），请根据已有信息直接回答。` : '没有这个成员。');
    return { role: 'tool', toolCallId: call.id, toolName: member ? askToolName(call.memberIndex) : 'unknown', content };
  });
  const seed = [...legState(coordinator).messages, ...results];
  return { leg: { agent_id: input.setup.id, role: 'coordinator', seed, query: input.query, system_note: '' }, from: legs.at(-1)!.start.agent_id, reason: '子任务完成' };
}

/** After a leg completed: the next leg, a stop with a notice, or the end of the turn. */
export function nextStep(input: MaRunInput, legs: Leg[]): NextStep {
  if (input.setup.mode === 'handoff') return nextHandoff(input, legs);
  if (input.setup.mode === 'sequential') return nextInPipeline(input, legs);
  return nextInSupervision(input, legs);
}

export const memberOf = (input: MaRunInput, agentId: string): MaRunInput['members'][number] | undefined => input.members.find((member) => member.agent.id === agentId);
