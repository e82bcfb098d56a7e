import type { HitlKind } from '@agent-platform/contracts';
import type { Viewer } from '../../core/index.js';
import { agentExecutor, type EngineSpec, type SegmentEnd } from '../../runtime/agent-engine/index.js';
import { listSteps, stepRow, type NewRunStep, type RunContext, type RunExecutor, type RunOutcome, type RunStepRow } from '../../runtime/runs/index.js';
import { titleAsker } from '../chat/index.js';
import type { AgentSpecDeps } from '../agent-chat/index.js';
import { maAnswer, type MaSegmentEnd } from './ma-answer.js';
import { legParts } from './ma-member-spec.js';
import { maRunInput, setupOwner } from './ma-run-input.js';
import { firstLeg, LEG_STEP, nextStep, NOTICE_STEP, splitLegs, type Leg, type LegStart } from './ma-legs.js';

/**
 * A multi-agent turn as a run executor: legs one after another, each an agent-engine run of one
 * agent on its own steps (durable as agent chat: a pause in any member resumes in any process), with
 * the orchestration (who goes next, limits) rebuilt from the stored `ma_leg` and `ma_notice` steps.
 * Members run with the authority of the setup's owner (`user` when that is who chats).
 */
export function maExecutor(deps: AgentSpecDeps, user: Viewer, fresh: boolean): RunExecutor {
  return async (context) => {
    const input = maRunInput.read(context.run.input);
    const viewer = setupOwner(input.setup.owner_id, user);
    const rows: RunStepRow[] = fresh ? [] : await listSteps(deps.db, context.run.id);
    let nextPosition = (rows.at(-1)?.position ?? 0) + 1;
    const { legs, notices } = splitLegs(rows);
    const pending: Array<Promise<unknown>> = [];
    let lastModel: Awaited<ReturnType<typeof legParts>>['model'] | undefined;

    const build = (step: NewRunStep): RunStepRow => stepRow(context.run.id, nextPosition++, step);
    /** The orchestration's own steps, written behind the run like the engine's. */
    const record = (step: NewRunStep) => {
      const row = build(step);
      const write = context.stored.then(() => deps.runs.writeStep(row));
      write.catch(() => undefined);
      pending.push(write);
    };
    const openLeg = (start: LegStart) => {
      record({ type: LEG_STEP, input: start });
      legs.push({ start, steps: [] });
    };

    async function runLeg(leg: Leg): Promise<{ outcome: RunOutcome; end?: SegmentEnd }> {
      let end: SegmentEnd | undefined;
      const agentId = leg.start.agent_id;
      const spec = async (): Promise<EngineSpec> => {
        const parts = await legParts(deps, viewer, input, leg.start);
        lastModel = parts.model;
        const handing = new Set(parts.tools.map((tool) => tool.name).filter((name) => /^(transfer_to|ask)_agent_\d+$/.test(name)));
        return {
          ...parts,
          mode: 'chat',
          messages: leg.start.seed,
          query: leg.start.query,
          handsOver: (name) => handing.has(name),
          steps: {
            list: async () => leg.steps,
            insert: (row) => deps.runs.writeStep(row),
            hurry: () => deps.runs.hurryWrites(),
            build: (_position, step) => build(step),
          },
          saveMessage: async (segment) => {
            end = segment;
          },
        };
      };
      const tagged: RunContext = { ...context, emit: (type, data) => context.emit(type, type === 'usage' ? data : { ...data, agent_id: agentId }) };
      const outcome = await agentExecutor(spec)(tagged);
      if (outcome.alongside) pending.push(outcome.alongside);
      return { outcome, end };
    }

    async function finish(status: RunOutcome['status'], extra: Pick<RunOutcome, 'awaiting' | 'error'> = {}, awaiting?: MaSegmentEnd['awaiting']): Promise<RunOutcome> {
      await context.stored;
      deps.runs.hurryWrites();
      // A pause is stored whole before the run says it waits: a decision continues from these steps.
      if (status === 'awaiting') await Promise.all(pending);
      const { content, meta } = maAnswer(input, legs, notices, {
        status: status as MaSegmentEnd['status'],
        ...(awaiting ? { awaiting } : {}),
        ...(extra.error ? { error: extra.error.msg } : {}),
      });
      const saved = deps.conversations.saveRunAnswer({ conversationId: input.conversation_id, runId: context.run.id, content, meta });
      if (status === 'completed' && input.opens_conversation && lastModel) {
        deps.conversations.titleFirstExchange({ conversationId: input.conversation_id, question: input.query, answer: content, ask: titleAsker(deps.llm, viewer, lastModel) });
      }
      return { status, ...extra, alongside: Promise.all([...pending, saved]).then(() => undefined) };
    }

    if (legs.length === 0) openLeg(firstLeg(input));
    for (;;) {
      const leg = legs.at(-1)!;
      const { outcome, end } = await runLeg(leg);
      if (outcome.status === 'awaiting' && end?.awaiting) {
        const awaiting = { ...end.awaiting, kind: end.awaiting.kind as HitlKind, agent_id: leg.start.agent_id };
        return finish('awaiting', { awaiting: outcome.awaiting }, awaiting);
      }
      if (outcome.status !== 'completed') return finish(outcome.status, outcome.error ? { error: outcome.error } : {});
      if (context.signal.aborted) return finish('cancelled');
      const next = nextStep(input, legs);
      if ('done' in next) return finish('completed');
      if ('notice' in next) {
        const notice = { text: next.notice, agent_id: leg.start.agent_id };
        record({ type: NOTICE_STEP, output: notice });
        notices.push(notice);
        context.emit('delta', { text: notice.text, agent_id: notice.agent_id });
        return finish('completed');
      }
      context.emit('handoff', { from_agent_id: next.from, to_agent_id: next.leg.agent_id, reason: next.reason });
      openLeg(next.leg);
    }
  };
}
