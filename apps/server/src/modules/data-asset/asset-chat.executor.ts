import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DbType } from '@agent-platform/contracts';
import type * as SqlFormatter from 'sql-formatter';
import { AppError, type AuthUser } from '../../core/index.js';
import type { ChatMessage, TokenUsage } from '../../platform/llm/index.js';
import { appendStep, listSteps, type RunExecutor, type RunOutcome, type RunStepRow } from '../../runtime/runs/index.js';
import type { ConversationService } from '../conversation/index.js';
import type { LlmService, ResolvedModel } from '../llm/index.js';
import type { Db } from '../../platform/db/index.js';
import type { DatasourceRow } from '../datasource/index.js';
import { answerMessages, sqlCorrection, sqlFromAnswer, sqlQuestion } from './asset-chat.prompt.js';
import type { AssetQueryRunner } from './asset-query.js';
import { suggestChart } from './chart-suggestion.js';
import type { AssetRow } from './data-asset.repo.js';

/** SQL the model may write for one question: the first and at most two corrections. */
export const MAX_SQL_ATTEMPTS = 3;
/** Rows kept with the answer's message, so a reopened conversation shows the table. */
const ROWS_KEPT = 100;

export interface AssetChatTurn {
  db: Db;
  llm: LlmService;
  conversations: ConversationService;
  runQuery: AssetQueryRunner;
  user: AuthUser;
  model: ResolvedModel;
  asset: AssetRow;
  connection: DatasourceRow;
  /** The system prompt with the asset's structure. */
  system: string;
  question: string;
  /** Earlier messages of the conversation (without this question). */
  history: ChatMessage[];
  conversationId: string;
}

/** What the stored steps say so far: the SQL tried with what went wrong, and a person's decision not yet run. */
function stateOf(steps: RunStepRow[]): { tried: Array<{ sql: string; error: string }>; decided?: string } {
  const tried: Array<{ sql: string; error: string }> = [];
  let decided: string | undefined;
  for (const step of steps) {
    const input = (step.input ?? {}) as { sql?: string; error?: string };
    if (step.type === 'sql') {
      if (input.sql !== undefined && input.error) tried.push({ sql: input.sql, error: input.error });
      decided = undefined;
    }
    if (step.type === 'decision') decided = input.sql;
  }
  return { tried, decided };
}

/** sql-formatter (~2 MB of heap) is loaded by the first statement shown for confirmation, not by every server. */
let sqlFormatter: typeof SqlFormatter | undefined;

export const formatSql = (sql: string, dialect: DbType) => {
  try {
    sqlFormatter ??= createRequire(import.meta.url)('sql-formatter') as typeof SqlFormatter;
    return sqlFormatter.format(sql, { language: dialect === 'mysql' ? 'mysql' : 'postgresql', keywordCase: 'upper', functionCase: 'upper' });
  } catch {
    return sql;
  }
};

/**
 * One question to an asset as a run: the model writes SQL, the guard checks it, the asset may ask a
 * person to confirm (or edit) it, it runs read-only; a refusal or a database error goes back to the
 * model, at most twice. Then the rows (`result`), a chart suggestion (`chart`) and a short answer
 * streamed (`delta`). Every step is stored, so a paused run goes on in any process.
 */
export function assetChatExecutor(turn: AssetChatTurn): RunExecutor {
  const { llm, user, model, asset, connection } = turn;
  return async ({ run, signal, stored, emit }) => {
    await stored;
    const { tried, decided } = stateOf(await listSteps(turn.db, run.id));
    const sqlMessages = (): ChatMessage[] => [
      { role: 'system', content: turn.system },
      ...turn.history,
      { role: 'user', content: sqlQuestion(turn.question) },
      ...tried.flatMap((attempt): ChatMessage[] => [
        { role: 'assistant', content: `\`\`\`sql\n${attempt.sql}\n\`\`\`` },
        { role: 'user', content: sqlCorrection(attempt.error) },
      ]),
    ];
    const failed = async (sql: string, error: string) => {
      tried.push({ sql, error });
      const step = await appendStep(turn.db, run.id, { type: 'sql', input: { sql, error } });
      emit('observation', { step_id: step.id, tool: 'sql', output: sql, error });
    };

    let pending = decided;
    try {
      while (true) {
        let sql = pending;
        pending = undefined;
        if (sql === undefined) {
          if (tried.length >= MAX_SQL_ATTEMPTS) return failure(`尝试 ${MAX_SQL_ATTEMPTS} 次仍未得到可执行的 SQL：${tried.at(-1)?.error ?? ''}`);
          const written = await llm.chat(user, model, { messages: sqlMessages(), temperature: 0 }, { feature: 'asset_chat', signal });
          sql = sqlFromAnswer(written.text);
          const refusal = await turn.runQuery.check(asset, connection, user.id, sql);
          if (refusal) {
            await failed(sql, refusal);
            continue;
          }
          if (asset.confirmSql) {
            const step = await appendStep(turn.db, run.id, { type: 'sql_confirm', input: { sql } });
            emit('await', { kind: 'action_confirm', step_id: step.id, payload: { sql, formatted: formatSql(sql, connection.dbType) } });
            return { status: 'awaiting', awaiting: { kind: 'action_confirm', step_id: step.id } };
          }
        }
        const outcome = await turn.runQuery.run(asset, connection, user.id, sql);
        if (!outcome.ok) {
          await failed(sql, outcome.reason);
          continue;
        }
        return await answer(outcome.sql, outcome.result);
      }
    } catch (error) {
      if (signal.aborted) return { status: 'cancelled' };
      if (error instanceof AppError) return failure(error.message, error.envelopeCode);
      throw error;
    }

    function failure(msg: string, code = 50201): RunOutcome {
      const message = turn.conversations.writeMessage({
        message: { id: randomUUID(), conversationId: turn.conversationId, role: 'assistant', content: '', runId: run.id, meta: { model: model.llmName, status: 'failed', error: msg } },
      });
      return { status: 'failed', error: { code, msg }, alongside: message };
    }

    async function answer(sql: string, result: { columns: string[]; rows: unknown[][]; truncated: boolean; duration_ms: number }): Promise<RunOutcome> {
      const resultStep = await appendStep(turn.db, run.id, { type: 'sql', input: { sql }, output: { rows: result.rows.length, duration_ms: result.duration_ms } });
      emit('result', { step_id: resultStep.id, sql, columns: result.columns, rows: result.rows, truncated: result.truncated, duration_ms: result.duration_ms });
      const chart = suggestChart(result.columns, result.rows);
      emit('chart', { ...chart });
      let text = '';
      let usage: TokenUsage | undefined;
      let usageRecorded: Promise<void> = Promise.resolve();
      for await (const part of llm.streamChat(
        user,
        model,
        { messages: answerMessages(turn.question, sql, result.columns, result.rows, result.truncated) },
        { feature: 'asset_chat', signal },
      )) {
        if (part.type === 'text') {
          text += part.text;
          emit('delta', { text: part.text });
        } else if (part.type === 'finish') {
          usage = part.usage;
          usageRecorded = part.recorded;
          emit('usage', { prompt_tokens: part.usage.promptTokens, completion_tokens: part.usage.completionTokens });
        }
      }
      const message = turn.conversations.writeMessage({
        message: {
          id: randomUUID(),
          conversationId: turn.conversationId,
          role: 'assistant',
          content: text,
          runId: run.id,
          meta: {
            model: model.llmName,
            status: 'completed',
            asset_id: asset.id,
            sql,
            result: { columns: result.columns, rows: result.rows.slice(0, ROWS_KEPT), truncated: result.truncated || result.rows.length > ROWS_KEPT, duration_ms: result.duration_ms },
            chart,
            ...(usage ? { usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens } } : {}),
          },
        },
      });
      return { status: 'completed', alongside: Promise.all([message, usageRecorded]).then(() => undefined) };
    }
  };
}
