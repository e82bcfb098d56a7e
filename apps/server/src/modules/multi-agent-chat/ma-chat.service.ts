import type { AgentInfo, HitlDecision, MaChatBody } from '@agent-platform/contracts';
import { AppError, badInput, type AuthUser, type Viewer } from '../../core/index.js';
import { appendStep, type RunEvent, type RunService, type RunSink } from '../../runtime/runs/index.js';
import { prepareTurn, runHeadless, startTurnRun, type HeadlessResult, type HeadlessTurn } from '../chat/index.js';
import type { AgentRegistry } from '../agent/index.js';
import { decisionFor, PAUSES_BY_DECISION, type AgentSpecDeps, type DecisionBody } from '../agent-chat/index.js';
import { questionWithAttachments, type ChatAttachments } from '../files/index.js';
import type { MaRegistry } from '../multi-agent/index.js';
import { isAnswerPiece } from './ma-answer.js';
import { maExecutor } from './ma-executor.js';
import { maRunInput, setupOwner, type MaRunInput } from './ma-run-input.js';

const MA_RUN_KIND = 'ma';
/** A multi-agent run is not tied to whoever started it: a closed tab does not stop it (only cancel does). */
const NEVER_ABANDONED = Number.POSITIVE_INFINITY;

interface MaChatDeps extends AgentSpecDeps {
  runs: RunService;
  setups: MaRegistry;
  agents: AgentRegistry;
  readAttachments(viewer: Viewer, fileIds: string[], options: { vision: boolean }): Promise<ChatAttachments>;
}

export type MaChatService = ReturnType<typeof createMaChatService>;

type HeadlessHistory = Array<{ role: 'user' | 'assistant'; content: string }>;

/** `handoff`: the agent the conversation's last answer ended with, while it is still a member. */
async function activeAgent(deps: MaChatDeps, conversationId: string, members: MaRunInput['members']): Promise<string | undefined> {
  const recent = await deps.conversations.recentMessages(conversationId, 4);
  const last = recent.findLast((message) => message.role === 'assistant')?.meta.active_agent_id;
  return members.some((member) => member.agent.id === last) ? String(last) : undefined;
}

/** Multi-agent chat (docs/streaming.md, with `handoff` events and `agent_id` on each piece) and its decisions. */
export function createMaChatService(deps: MaChatDeps) {
  const { runs, conversations } = deps;
  runs.onPausedCancel(MA_RUN_KIND, (run) => conversations.markRunAnswerCancelled(run.id));

  /** Every member as its owner may use it now, refused before any stream starts when one is gone. */
  async function usableMembers(owner: Viewer, setup: Awaited<ReturnType<MaRegistry['getUsableSetup']>>): Promise<MaRunInput['members']> {
    const members: MaRunInput['members'] = [];
    for (const member of setup.members) {
      let agent: AgentInfo;
      try {
        agent = await deps.agents.getUsableAgent(owner, member.agent_id);
      } catch (error) {
        if (error instanceof AppError && error.envelopeCode === 40401) throw badInput(`成员智能体「${member.agent_name}」已不可用（已删除或已取消发布），请修改多智能体配置`);
        throw error;
      }
      await deps.llm.resolveModel(owner, agent.llm_name, 'chat');
      members.push({ agent, note: member.note, hitl: member.hitl });
    }
    if (setup.mode === 'supervisor') await deps.llm.resolveModel(owner, setup.supervisor!.llm_name, 'chat');
    return members;
  }

  /**
   * `history`: earlier messages given by the caller (the OpenAI-style API) instead of the conversation's.
   * Such calls open a conversation each, and nobody reads its title: none is written for them.
   */
  async function start(sink: RunSink, user: AuthUser, body: Pick<MaChatBody, 'agent_id' | 'query' | 'conversation_id' | 'file_ids' | 'regenerate' | 'draft'>, history?: HeadlessHistory) {
    // The editor's preview: the unsaved setup, checked as saving it would be; otherwise the saved one.
    const setup = body.draft ? await deps.setups.draftSetup(user, body.draft, body.agent_id) : await deps.setups.getUsableSetup(user, body.agent_id!);
    const owner = setupOwner(setup.owner_id, user);
    const members = await usableMembers(owner, setup);
    const fileIds = body.file_ids ?? [];
    const attachments = fileIds.length ? await deps.readAttachments(user, fileIds, { vision: false }) : undefined;
    const turns = Math.max(...members.map((member) => member.agent.history_turns));
    const turn = await prepareTurn(conversations, user, {
      kind: MA_RUN_KIND,
      subject: setup.id,
      query: body.query,
      conversationId: body.conversation_id,
      regenerate: body.regenerate,
      historyMessages: turns * 2 + 1,
      questionMeta: attachments?.files.length ? { files: attachments.files } : undefined,
    });
    const earlier = history ? (turns > 0 ? history.slice(-turns * 2) : []) : turn.history.slice(0, -1);
    const active = setup.mode === 'handoff' && !turn.opens && !history ? await activeAgent(deps, turn.conversationId, members) : undefined;
    const input: MaRunInput = {
      setup: {
        id: setup.id,
        name: setup.name,
        avatar: setup.avatar,
        owner_id: setup.owner_id,
        mode: setup.mode,
        edges: setup.edges,
        start_agent_id: setup.start_agent_id,
        supervisor: setup.supervisor,
        context: setup.context,
        max_handoffs: setup.max_handoffs,
      },
      members,
      first_agent_id: active ?? setup.start_agent_id,
      query: body.query,
      history: [...earlier, { role: 'user', content: questionWithAttachments(body.query, attachments) }],
      message_id: turn.messageId,
      conversation_id: turn.conversationId,
      opens_conversation: turn.opens && !history,
    };
    const run = { kind: MA_RUN_KIND, user, turn, subject: setup.id, input: maRunInput.write(input), abandonAfterMs: NEVER_ABANDONED };
    return startTurnRun(runs, sink, run, maExecutor(deps, user, true));
  }

  function decideOn(sink: RunSink, user: AuthUser, call: HitlDecision, body: DecisionBody) {
    return runs.decide(
      sink,
      {
        ownerId: user.id,
        runId: body.run_id,
        runKind: MA_RUN_KIND,
        kinds: PAUSES_BY_DECISION[call],
        abandonAfterMs: NEVER_ABANDONED,
        record: async (tx, paused) => {
          const decision = decisionFor(call, paused.awaiting as { kind: 'action_confirm'; step_id: string }, body);
          await appendStep(tx, paused.id, { type: 'decision', input: decision });
        },
      },
      maExecutor(deps, user, false),
    );
  }

  return {
    /** `POST /api/ma/chat`. */
    async chat(sink: RunSink, user: AuthUser, body: MaChatBody): Promise<void> {
      await start(sink, user, body);
    },

    /** For publishing: one turn of the setup with nobody watching, its events handed to `onEvent`; the answer's text as the conversation keeps it. */
    async runHeadless(user: AuthUser, setupId: string, turn: HeadlessTurn, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult> {
      const setup = await deps.setups.getUsableSetup(user, setupId);
      const begin = (sink: RunSink) => start(sink, user, { agent_id: setup.id, query: turn.query, conversation_id: turn.conversation_id, file_ids: [] }, turn.history);
      return runHeadless(runs, user.id, begin, onEvent, signal, isAnswerPiece(setup));
    },

    /** For publishing (MCP): a decision on a paused run of the setup, the next segment's events handed to `onEvent`. */
    async decideHeadless(user: AuthUser, setupId: string, call: HitlDecision, body: DecisionBody, onEvent: (event: RunEvent) => void, signal?: AbortSignal): Promise<HeadlessResult> {
      const setup = await deps.setups.getUsableSetup(user, setupId);
      return runHeadless(runs, user.id, (sink) => decideOn(sink, user, call, body), onEvent, signal, isAnswerPiece(setup));
    },

    /** The decisions under `/ma/chat/`: the same one-winner rule as agent chat. */
    async decide(sink: RunSink, user: AuthUser, call: HitlDecision, body: DecisionBody): Promise<void> {
      await decideOn(sink, user, call, body);
    },
  };
}
