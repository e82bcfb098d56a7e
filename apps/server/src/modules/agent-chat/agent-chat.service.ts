import type { AgentChatBody, AgentInfo, CreateAgentBody, HitlDecision, PlanRunInfo } from '@agent-platform/contracts';
import { type AuthUser, canEdit, forbidden, type Viewer } from '../../core/index.js';
import { agentExecutor, planProgress, storedStep } from '../../runtime/agent-engine/index.js';
import { appendStep, listSteps, type RunEvent, type RunService, type RunSink } from '../../runtime/runs/index.js';
import { prepareTurn, runHeadless, startTurnRun, type HeadlessResult, type HeadlessTurn } from '../chat/index.js';
import type { AgentRegistry } from '../agent/index.js';
import { questionWithAttachments, type ChatAttachments } from '../files/index.js';
import { decisionFor, pauseOf, PAUSES_BY_DECISION, type DecisionBody } from './hitl-decisions.js';
import { agentRunInput, runInputOf, type AgentRunInput } from './agent-run-input.js';
import { buildAgentSpec, type AgentSpecDeps } from './agent-spec.js';

export type ChatArea = 'agent' | 'plan';

/** An agent run is not tied to whoever started it: a closed tab does not stop it (only cancel does). */
const NEVER_ABANDONED = Number.POSITIVE_INFINITY;
const TITLE_CHARS = 60;

export interface AgentChatDeps extends AgentSpecDeps {
  runs: RunService;
  agents: AgentRegistry;
  /** `file_ids` of a question, read for the model (40401 / 40001 before any stream starts). */
  readAttachments(viewer: Viewer, fileIds: string[], options: { vision: boolean }): Promise<ChatAttachments>;
}

export type AgentChatService = ReturnType<typeof createAgentChatService>;

/** Agent chat and plan chat (docs/streaming.md): turns started, decisions taken, plan runs listed. */
export function createAgentChatService(deps: AgentChatDeps) {
  const { runs, agents, conversations, db } = deps;
  for (const kind of ['agent', 'plan'] satisfies ChatArea[]) runs.onPausedCancel(kind, (run) => conversations.markRunAnswerCancelled(run.id));

  /** The agent for this turn, with the builder's draft over it for its owner. */
  async function agentForTurn(viewer: Viewer, agentId: string, draft: Partial<CreateAgentBody> | undefined): Promise<AgentInfo> {
    const agent = await agents.getUsableAgent(viewer, agentId);
    if (!draft) return agent;
    if (!canEdit(viewer, { ownerId: agent.owner_id, isPublic: agent.is_public })) throw forbidden('只有智能体的创建者可以预览未保存的修改');
    await agents.checkDraft(viewer, agent, draft);
    return { ...agent, ...draft, retrieval: { ...agent.retrieval, ...draft.retrieval }, hitl: { ...agent.hitl, ...draft.hitl } };
  }

  /**
   * `history`: earlier messages given by the caller (the OpenAI-style API) instead of the conversation's.
   * Such calls open a conversation each, and nobody reads its title: none is written for them.
   */
  async function start(
    sink: RunSink,
    user: AuthUser,
    area: ChatArea,
    body: Pick<AgentChatBody, 'agent_id' | 'query' | 'conversation_id' | 'draft' | 'file_ids' | 'regenerate'>,
    history?: Array<{ role: 'user' | 'assistant'; content: string }>,
  ) {
    const agent = await agentForTurn(user, body.agent_id, body.draft);
    // Refused before any stream starts: a model that cannot be used, unreadable files. Tools that are gone are named in the answer instead.
    const model = await deps.llm.resolveModel(user, agent.llm_name, 'chat');
    const fileIds = body.file_ids ?? [];
    const attachments = fileIds.length ? await deps.readAttachments(user, fileIds, { vision: model.supportsVision }) : undefined;
    const turn = await prepareTurn(conversations, user, {
      kind: area,
      subject: agent.id,
      query: body.query,
      conversationId: body.conversation_id,
      regenerate: body.regenerate,
      historyMessages: agent.history_turns * 2 + 1,
      questionMeta: attachments?.files.length ? { files: attachments.files } : undefined,
    });
    const remembered = agent.history_turns * 2;
    const earlier = history ? (remembered > 0 ? history.slice(-remembered) : []) : turn.history.slice(0, -1);
    const messages: AgentRunInput['history'] = area === 'plan' ? earlier : [...earlier, { role: 'user', content: questionWithAttachments(body.query, attachments) }];
    const query = area === 'plan' && attachments?.text ? `${body.query}\n\n${attachments.text}` : body.query;
    const input: AgentRunInput = {
      mode: area === 'plan' ? 'plan' : 'chat',
      agent,
      query,
      history: messages,
      message_id: turn.messageId,
      conversation_id: turn.conversationId,
      opens_conversation: turn.opens && !history,
    };
    const run = { kind: area, user, turn, subject: agent.id, input: agentRunInput.write(input), abandonAfterMs: NEVER_ABANDONED };
    return startTurnRun(
      runs,
      sink,
      run,
      agentExecutor((context) => buildAgentSpec(deps, user, context, true)),
    );
  }

  function decideOn(sink: RunSink, user: AuthUser, area: ChatArea, call: HitlDecision, body: DecisionBody) {
    return runs.decide(
      sink,
      {
        ownerId: user.id,
        runId: body.run_id,
        runKind: area,
        kinds: PAUSES_BY_DECISION[call],
        abandonAfterMs: NEVER_ABANDONED,
        record: async (tx, paused) => {
          const decision = decisionFor(call, pauseOf(paused.awaiting), body);
          await appendStep(tx, paused.id, storedStep({ type: 'decision', input: decision, output: null }));
        },
      },
      agentExecutor((context) => buildAgentSpec(deps, user, context, false)),
    );
  }

  return {
    /** `POST /api/agent/chat` and `POST /api/agent/plan_chat`. */
    async chat(sink: RunSink, user: AuthUser, area: ChatArea, body: AgentChatBody): Promise<void> {
      await start(sink, user, area, body);
    },

    /** The five decisions under `/agent/chat/` and `/agent/plan_chat/`. */
    async decide(sink: RunSink, user: AuthUser, area: ChatArea, call: HitlDecision, body: DecisionBody): Promise<void> {
      await decideOn(sink, user, area, call, body);
    },

    /**
     * For publishing: one turn with nobody watching, its events handed to `onEvent`. Resolves when the
     * run ends or pauses.
     */
    runHeadless(user: AuthUser, agentId: string, turn: HeadlessTurn, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult> {
      const body = { agent_id: agentId, query: turn.query, conversation_id: turn.conversation_id, file_ids: [] };
      return runHeadless(runs, user.id, (sink) => start(sink, user, 'agent', body, turn.history), onEvent, signal);
    },

    /** For publishing (MCP): a decision on a paused agent run, the next segment's events handed to `onEvent`; the same one-winner rule. */
    decideHeadless(user: AuthUser, _agentId: string, call: HitlDecision, body: DecisionBody, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult> {
      return runHeadless(runs, user.id, (sink) => decideOn(sink, user, 'agent', call, body), onEvent, signal);
    },

    /** `/agent/list_plan_runs`: plan chats with where each stands, newest first. */
    async listPlanRuns(user: AuthUser, body: { page: number; page_size: number; agent_id?: string }): Promise<{ total: number; list: PlanRunInfo[] }> {
      const { total, rows } = await runs.listRuns(user.id, 'plan', { subject: body.agent_id }, (body.page - 1) * body.page_size, body.page_size);
      const list = await Promise.all(
        rows.map(async (run): Promise<PlanRunInfo> => {
          const input = runInputOf(run.input);
          return {
            run_id: run.id,
            conversation_id: run.conversationId,
            agent_id: run.subject,
            agent_name: input.agent?.name ?? '',
            title: (input.query ?? '').slice(0, TITLE_CHARS),
            status: run.status,
            awaiting: run.awaiting?.kind ?? null,
            steps: planProgress(await listSteps(db, run.id), run.status === 'completed'),
            created_at: run.createdAt.toISOString(),
            updated_at: run.updatedAt.toISOString(),
          };
        }),
      );
      return { total, list };
    },
  };
}
