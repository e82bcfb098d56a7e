import { parseSse } from '../../apps/server/test/sse.js';

/** One agent turn: a model call that proposes a tool call, the tool, and a model call that answers. */
export interface TurnTiming {
  totalMs: number;
  ok: boolean;
  /** Why it was not ok. */
  error?: string;
}

const CALCULATOR = {
  type: 'function',
  function: {
    name: 'calculator',
    description: '精确计算算术表达式',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
};

/** One streamed chat completion straight from the model server, read to the end. */
export async function completion(baseUrl: string, model: string, messages: unknown[], tools: unknown[] = [CALCULATOR]): Promise<string> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages, ...(tools.length ? { tools } : {}) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`model answered ${response.status}`);
  return text;
}

/** The same two model calls the platform makes for a turn, straight to the model server, one after the other. */
export async function directTurn(baseUrl: string, model: string, question: string): Promise<TurnTiming> {
  const started = performance.now();
  try {
    const user = { role: 'user', content: question };
    const first = await completion(baseUrl, model, [user]);
    const call = /"tool_calls":\[\{"index":0,"id":"([^"]+)"/.exec(first);
    if (!call) throw new Error('no tool call proposed');
    const assistant = { role: 'assistant', content: null, tool_calls: [{ id: call[1], type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } }] };
    const answer = await completion(baseUrl, model, [user, assistant, { role: 'tool', tool_call_id: call[1], content: '6*7 = 42' }]);
    if (!answer.includes('[DONE]')) throw new Error('answer did not end');
    return { totalMs: performance.now() - started, ok: true };
  } catch (error) {
    return { totalMs: performance.now() - started, ok: false, error: String(error) };
  }
}

/** One agent chat through the platform: `POST /api/agent/chat`, read to `done`; one action, one observation, completed. */
export async function platformTurn(serverUrl: string, token: string, agentId: string, question: string): Promise<TurnTiming> {
  const started = performance.now();
  try {
    const response = await fetch(`${serverUrl}/api/agent/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({ agent_id: agentId, query: question }),
    });
    const events = parseSse(await response.text());
    const count = (type: string) => events.filter((event) => event.event === type).length;
    const status = events.at(-1)?.event === 'done' ? events.at(-1)!.data.status : `no done (${response.status})`;
    if (status !== 'completed' || count('action') !== 1 || count('observation') !== 1) {
      const error = events.find((event) => event.event === 'error')?.data.msg ?? '';
      throw new Error(`status ${status}, ${count('action')} actions, ${count('observation')} observations ${error}`);
    }
    return { totalMs: performance.now() - started, ok: true };
  } catch (error) {
    return { totalMs: performance.now() - started, ok: false, error: String(error) };
  }
}
