import { parseSse } from '../../apps/server/test/sse.js';
import { completion, type TurnTiming } from './agent-turns.js';

export const COORDINATOR = '你是压测协调者';
export const MEMBERS = ['你是压测研究员', '你是压测撰稿人'];
const TASKS = ['查资料', '写摘要'];

const askTool = (index: number) => ({ type: 'function', function: { name: `ask_agent_${index + 1}`, parameters: { type: 'object', properties: { task: { type: 'string' } } } } });

/** A supervisor turn's four model calls straight to the model server: the coordinator delegates, two members answer, the coordinator answers. */
export async function directSupervisorTurn(baseUrl: string, model: string, question: string): Promise<TurnTiming> {
  const started = performance.now();
  try {
    const tools = [askTool(0), askTool(1)];
    const messages = [
      { role: 'system', content: COORDINATOR },
      { role: 'user', content: question },
    ];
    const first = await completion(baseUrl, model, messages, tools);
    const ids = [...first.matchAll(/"index":(\d),"id":"([^"]+)"/g)].map((match) => match[2]!);
    if (ids.length !== 2) throw new Error(`${ids.length} delegations proposed`);
    // The platform runs the members one after the other, as the coordinator called them.
    for (const [index, system] of MEMBERS.entries()) {
      const text = await completion(
        baseUrl,
        model,
        [
          { role: 'system', content: system },
          { role: 'user', content: TASKS[index] },
        ],
        [],
      );
      if (!text.includes('[DONE]')) throw new Error('a member did not end');
    }
    const calls = ids.map((id, index) => ({ id, type: 'function', function: { name: `ask_agent_${index + 1}`, arguments: JSON.stringify({ task: TASKS[index] }) } }));
    const results = ids.map((id, index) => ({ role: 'tool', tool_call_id: id, content: `${TASKS[index]}的结果` }));
    const answer = await completion(baseUrl, model, [...messages, { role: 'assistant', content: null, tool_calls: calls }, ...results], tools);
    if (!answer.includes('[DONE]')) throw new Error('answer did not end');
    return { totalMs: performance.now() - started, ok: true };
  } catch (error) {
    return { totalMs: performance.now() - started, ok: false, error: String(error) };
  }
}

/** One supervisor turn through the platform: `POST /api/ma/chat`, read to `done`; three handoffs, completed. */
export async function platformSupervisorTurn(serverUrl: string, token: string, setupId: string, question: string): Promise<TurnTiming> {
  const started = performance.now();
  try {
    const response = await fetch(`${serverUrl}/api/ma/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'access-token': token },
      body: JSON.stringify({ agent_id: setupId, query: question }),
    });
    const events = parseSse(await response.text());
    const handoffs = events.filter((event) => event.event === 'handoff').length;
    const status = events.at(-1)?.event === 'done' ? events.at(-1)!.data.status : `no done (${response.status})`;
    if (status !== 'completed' || handoffs !== 3) {
      const error = events.find((event) => event.event === 'error')?.data.msg ?? '';
      throw new Error(`status ${status}, ${handoffs} handoffs ${error}`);
    }
    return { totalMs: performance.now() - started, ok: true };
  } catch (error) {
    return { totalMs: performance.now() - started, ok: false, error: String(error) };
  }
}
