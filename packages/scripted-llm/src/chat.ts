import { pause, sendJson, startEventStream, writeEvent, type Exchange } from './http-io.js';
import { contentText, countTokens, lastUserText, splitText, type ChatMessageIn } from './text.js';
import type { ScriptRule, ScriptedUsage } from './types.js';

export interface ChatRequestBody {
  model?: string;
  messages?: ChatMessageIn[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  max_completion_tokens?: number;
}

interface ToolCallOut {
  id: string;
  name: string;
  arguments: string;
}

interface ChatAnswer {
  text: string;
  chunks: string[];
  reasoning: string;
  toolCalls: ToolCallOut[];
  finishReason: 'stop' | 'length' | 'tool_calls';
  usage: ScriptedUsage;
}

/** The answer when no rule says otherwise: deterministic, Chinese, echoing the question. */
export const defaultReply = (question: string) => `收到：${question}`;

function planAnswer(body: ChatRequestBody, rule: ScriptRule | undefined, seq: number): ChatAnswer {
  const fullText = rule?.chunks?.join('') ?? rule?.text ?? (rule?.toolCalls ? '' : defaultReply(lastUserText(body.messages)));
  const limit = body.max_completion_tokens ?? body.max_tokens;
  const chars = [...fullText];
  const truncated = limit !== undefined && limit > 0 && chars.length > limit;
  const text = truncated ? chars.slice(0, limit).join('') : fullText;
  const reasoning = rule?.reasoning ?? '';
  const toolCalls = (rule?.toolCalls ?? []).map((call, index) => ({
    id: `call_${seq}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const promptText = (body.messages ?? []).map((message) => contentText(message?.content)).join('\n');
  const usage = rule?.usage ?? {
    prompt_tokens: Math.max(1, countTokens(promptText)),
    completion_tokens: countTokens(reasoning) + countTokens(text) + toolCalls.reduce((n, call) => n + countTokens(call.arguments), 0),
  };
  return {
    text,
    chunks: rule?.chunks && !truncated ? rule.chunks : splitText(text, 3),
    reasoning,
    toolCalls,
    finishReason: toolCalls.length > 0 ? 'tool_calls' : truncated ? 'length' : 'stop',
    usage,
  };
}

const withTotal = (usage: ScriptedUsage) => ({ ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens });

function answerWhole(exchange: Exchange, body: ChatRequestBody, answer: ChatAnswer, seq: number): void {
  sendJson(exchange.res, 200, {
    id: `chatcmpl-scripted-${seq}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'scripted',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text === '' && answer.toolCalls.length > 0 ? null : answer.text,
          ...(answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
          ...(answer.toolCalls.length > 0
            ? { tool_calls: answer.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })) }
            : {}),
        },
        finish_reason: answer.finishReason,
        logprobs: null,
      },
    ],
    usage: withTotal(answer.usage),
  });
}

/** The stream's deltas in order: role, reasoning, text, then each tool call's name and arguments. */
function deltasOf(answer: ChatAnswer): Array<Record<string, unknown>> {
  return [
    { role: 'assistant', content: '' },
    ...splitText(answer.reasoning, 3).map((piece) => ({ reasoning_content: piece })),
    ...answer.chunks.map((piece) => ({ content: piece })),
    ...answer.toolCalls.flatMap((call, index) => [
      { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] },
      ...splitText(call.arguments, 2).map((piece) => ({ tool_calls: [{ index, function: { arguments: piece } }] })),
    ]),
  ];
}

async function answerStream(exchange: Exchange, body: ChatRequestBody, answer: ChatAnswer, rule: ScriptRule | undefined, seq: number) {
  const { res, signal } = exchange;
  const base = { id: `chatcmpl-scripted-${seq}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model ?? 'scripted' };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
  startEventStream(res);
  const deltas = deltasOf(answer);
  for (const [index, delta] of deltas.entries()) {
    if (index > 0 && !(await pause(rule?.chunkDelayMs ?? 0, signal))) return;
    if (signal.aborted) return;
    writeEvent(res, chunk(delta));
  }
  if (!(await pause(rule?.chunkDelayMs ?? 0, signal))) return;
  writeEvent(res, chunk({}, answer.finishReason));
  if (body.stream_options?.include_usage) writeEvent(res, { ...base, choices: [], usage: withTotal(answer.usage) });
  writeEvent(res, '[DONE]');
  res.end();
}

/** `POST /v1/chat/completions`, streamed or whole, after the rule decided it should succeed. */
export async function answerChat(exchange: Exchange, body: ChatRequestBody, rule: ScriptRule | undefined, seq: number): Promise<void> {
  const answer = planAnswer(body, rule, seq);
  if (body.stream) await answerStream(exchange, body, answer, rule, seq);
  else answerWhole(exchange, body, answer, seq);
}
