import type { AssetChatBody } from '@agent-platform/contracts';
import { z } from 'zod';
import { storedJson, type AuthUser } from '../../core/index.js';
import type { Db } from '../../platform/db/index.js';
import { appendStep, listSteps, type RunExecutor, type RunService, type RunSink } from '../../runtime/runs/index.js';
import { prepareTurn, startTurnRun } from '../chat/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { LlmService } from '../llm/index.js';
import { assetChatExecutor } from './asset-chat.executor.js';
import { sqlSystemPrompt } from './asset-chat.prompt.js';
import type { AssetQueryRunner } from './asset-query.js';
import { structureText } from './asset-structure.js';
import { closestExamples, selectTables } from './table-selection.js';
import { storedAssetContent } from './data-asset.mapper.js';
import type { DataAssetService } from './data-asset.service.js';

const KIND = 'asset' as const;
/** Past messages the model sees (both sides of the last 3 exchanges). */
const HISTORY_MESSAGES = 6;
/** A run nobody reads any more is stopped soon; a paused one waits for its decision. */
const ABANDON_AFTER_MS = 5_000;
const DECISION_KINDS = ['action_confirm'];

export interface AssetChatDeps {
  db: Db;
  llm: LlmService;
  conversations: ConversationService;
  runs: RunService;
  assets: DataAssetService;
  runQuery: AssetQueryRunner;
}

export type AssetChatService = ReturnType<typeof createAssetChatService>;

/** The run's stored input: what every segment needs to build the executor again. */
const storedInputSchema = z.object({
  asset_id: z.string(),
  llm_name: z.string(),
  question: z.string(),
  message_id: z.string(),
  history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
});
type StoredInput = z.infer<typeof storedInputSchema>;
const storedInput = storedJson('asset chat input', { version: 1, schema: storedInputSchema });

/** `POST /api/db/asset/chat` and its decisions on a paused SQL: questions to a data asset answered with rows, a chart and a few sentences. */
export function createAssetChatService(deps: AssetChatDeps) {
  const { db, llm, conversations, runs, assets } = deps;

  /** Everything a segment of the run needs, read again for each segment (a paused run goes on in any process). */
  async function executorFor(user: AuthUser, input: StoredInput, conversationId: string) {
    const asset = await assets.usableAsset(user, input.asset_id);
    const model = await llm.resolveModel(user, input.llm_name, 'chat');
    const connection = await assets.connectionOf(asset);
    const content = storedAssetContent.read(asset.content);
    // A large asset shows the model only the tables the question names (BM25 over names, comments and notes).
    const structure = structureText(selectTables(await assets.structures(asset), input.question));
    return assetChatExecutor({
      db,
      llm,
      conversations,
      runQuery: deps.runQuery,
      user,
      model,
      asset,
      connection,
      system: sqlSystemPrompt(connection.dbType, structure, closestExamples(content.verified_queries, input.question), asset.description),
      question: input.question,
      history: input.history.slice(0, -1),
      conversationId,
    });
  }

  return {
    async chat(sink: RunSink, user: AuthUser, body: AssetChatBody): Promise<void> {
      // Everything that can be refused comes before the stream: the asset, the model, the conversation.
      await assets.usableAsset(user, body.asset_id);
      await llm.resolveModel(user, body.llm_name, 'chat');
      const turn = await prepareTurn(conversations, user, {
        kind: KIND,
        subject: body.asset_id,
        query: body.query,
        conversationId: body.conversation_id,
        regenerate: body.regenerate,
        historyMessages: HISTORY_MESSAGES,
      });
      const input: StoredInput = { asset_id: body.asset_id, llm_name: body.llm_name, question: turn.question, message_id: turn.messageId, history: turn.history };
      const executor = await executorFor(user, input, turn.conversationId);
      await startTurnRun(runs, sink, { kind: KIND, user, turn, subject: body.asset_id, input: storedInput.write(input), abandonAfterMs: ABANDON_AFTER_MS }, executor);
    },

    /** Runs the paused SQL as it is (`sql` undefined) or as the person edited it (checked by the guard again). */
    async decide(sink: RunSink, user: AuthUser, body: { run_id: string; sql?: string }): Promise<void> {
      // Built once the run is taken: its stored input says which asset, model and question.
      const executor: RunExecutor = async (context) => {
        const input = storedInput.read(context.run.input);
        return (await executorFor(user, input, context.run.conversationId ?? ''))(context);
      };
      await runs.decide(
        sink,
        {
          ownerId: user.id,
          runId: body.run_id,
          runKind: KIND,
          kinds: DECISION_KINDS,
          abandonAfterMs: ABANDON_AFTER_MS,
          record: async (tx, paused) => {
            const pending = (await listSteps(tx, paused.id)).find((step) => step.id === paused.awaiting?.step_id);
            const shown = String((pending?.input as { sql?: string } | null)?.sql ?? '');
            await appendStep(tx, paused.id, { type: 'decision', input: { kind: body.sql === undefined ? 'confirm' : 'replace', sql: body.sql ?? shown } });
          },
        },
        executor,
      );
    },
  };
}
