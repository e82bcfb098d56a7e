import { HITL_KINDS, id, mcpToolNameOf, requiredText } from '@agent-platform/contracts';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppError, type Logger } from '../../core/index.js';
import type { RunEvent } from '../../runtime/runs/index.js';
import type { HeadlessRunner, KeyHolder } from '../agent-publish/index.js';
import type { HeadlessResult } from '../chat/index.js';
import { decisionOf, elicitationFor, type Pause } from './elicitation.js';
import { alreadyDecided, elicitationCancelled, elicitationUnanswered, noElicitation, RUN_FAILED, continueNote } from './agent-mcp.errors.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What the one tool answers for: an agent or a setup, as its owner sees it now. */
export interface ServedSubject {
  id: string;
  name: string;
  description: string;
}

export interface AskServerDeps {
  subject: ServedSubject;
  holder: KeyHolder;
  runner: HeadlessRunner;
  log: Logger;
  /** How long a person may take to answer an elicitation. */
  elicitationTimeoutMs: number;
  /** Marks the session busy while a question runs (an idle session may be closed). */
  busy<T>(work: () => Promise<T>): Promise<T>;
}

const pauseSchema = z.object({ kind: z.enum(HITL_KINDS), payload: z.record(z.string(), z.unknown()).default({}) });

const textResult = (text: string, isError = true): CallToolResult => ({ isError, content: [{ type: 'text', text }] });
const withAnswer = (answer: string, notice: string) => [answer, notice].filter(Boolean).join('\n\n');

/** Text pieces as MCP progress notifications, in order, when the client asked for progress; `flushed` before the result is sent. */
function progressOf(extra: Extra) {
  const token = extra._meta?.progressToken;
  let sent = 0;
  let chain = Promise.resolve();
  return {
    piece(text: string) {
      if (token === undefined || text === '') return;
      sent += text.length;
      const params = { progressToken: token, progress: sent, message: text };
      chain = chain.then(() => extra.sendNotification({ method: 'notifications/progress', params })).catch(() => undefined);
    },
    flushed: () => chain,
  };
}

/** The MCP server of one session: one tool, `ask_<name>`, answered by the agent's or setup's own runs. */
export async function askServer(deps: AskServerDeps): Promise<McpServer> {
  const { subject, holder, runner, log } = deps;
  // Loaded by the first session, not by every server (docs/decisions/pglite-memory.md).
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer({ name: 'agent-platform', title: subject.name, version: '1.0.0' }, { instructions: subject.description || undefined });

  /** The person's decision at a pause, or why there is none (a text for the result). */
  async function askPerson(pause: Pause, runId: string, extra: Extra) {
    if (!server.server.getClientCapabilities()?.elicitation?.form) return noElicitation(runId);
    try {
      const answer = await server.server.elicitInput(elicitationFor(subject.name, pause), {
        relatedRequestId: extra.requestId,
        signal: extra.signal,
        timeout: deps.elicitationTimeoutMs,
      });
      return decisionOf(pause, answer, runId) ?? elicitationCancelled(runId);
    } catch (error) {
      if (extra.signal.aborted) throw error;
      log.info({ err: error, runId }, 'MCP elicitation not answered');
      return elicitationUnanswered(runId);
    }
  }

  async function ask(question: string, conversationId: string | undefined, extra: Extra): Promise<CallToolResult> {
    const progress = progressOf(extra);
    let pause: Pause | undefined;
    let failure: string | undefined;
    const onEvent = (event: RunEvent) => {
      if (event.type === 'delta') progress.piece(String(event.data.text ?? ''));
      else if (event.type === 'await') pause = pauseSchema.parse(event.data);
      else if (event.type === 'error') failure = typeof event.data.msg === 'string' ? event.data.msg : RUN_FAILED;
    };
    let segment: HeadlessResult;
    try {
      segment = await runner.runHeadless(holder.user, subject.id, { query: question, conversation_id: conversationId }, onEvent, extra.signal);
    } catch (error) {
      if (error instanceof AppError) return textResult(error.message);
      throw error;
    }
    let answer = segment.text;
    const conversation = segment.conversation_id;
    while (segment.status === 'awaiting' && pause) {
      const decided = await askPerson(pause, segment.run_id, extra);
      pause = undefined;
      if (typeof decided === 'string') {
        await progress.flushed();
        return textResult(withAnswer(answer, decided));
      }
      try {
        segment = await runner.decideHeadless(holder.user, subject.id, decided.call, decided.body, onEvent, extra.signal);
      } catch (error) {
        if (error instanceof AppError) return textResult(withAnswer(answer, error.code === 'CONFLICT' ? alreadyDecided(decided.body.run_id) : error.message));
        throw error;
      }
      answer += segment.text;
    }
    await progress.flushed();
    if (segment.status === 'failed') return textResult(withAnswer(answer, failure ?? RUN_FAILED));
    return {
      content: [
        { type: 'text', text: answer },
        { type: 'text', text: continueNote(conversation) },
      ],
      structuredContent: { answer, conversation_id: conversation, run_id: segment.run_id, status: segment.status },
    };
  }

  server.registerTool(
    mcpToolNameOf(subject.name, subject.id),
    {
      title: subject.name,
      description: [`向「${subject.name}」提问，得到它的回答。`, subject.description, '继续同一段对话时，传入上次结果中的 conversation_id。'].filter(Boolean).join('\n'),
      inputSchema: { question: requiredText('question（问题）', 10_000), conversation_id: id('conversation_id（对话 id）').optional() },
      outputSchema: { answer: z.string(), conversation_id: z.string(), run_id: z.string(), status: z.string() },
    },
    ({ question, conversation_id }, extra) => deps.busy(() => ask(question, conversation_id, extra)),
  );
  return server;
}
