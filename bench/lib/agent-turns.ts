import fs from 'node:fs';
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

async function completion(baseUrl: string, model: string, messages: unknown[]): Promise<string> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages, tools: [CALCULATOR] }),
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

/** Fields of `/proc/<pid>/stat` after the command name (which may hold spaces); times are in ticks of 10 ms. */
function statFields(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
}

/** Resident and peak memory of a process in MB, and the CPU time it has used in ms (Linux `/proc`). */
export function processStats(pid: number): { rssMb: number; peakMb: number; cpuMs: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  const fields = statFields(pid);
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024), cpuMs };
}

/** Starts the process's peak memory (`VmHWM`) over from what it holds now (Linux ≥ 4.0, own processes). */
export function resetPeakMemory(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * CPU time in ms of the PostgreSQL server on this machine: every `postgres` process, and the backends
 * that have exited (counted in their parent's children's time). Undefined when none runs here.
 */
export function postgresCpuMs(): number | undefined {
  let ticks = 0;
  let found = false;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const fields = statFields(Number(entry));
      // utime, stime, and the children's cutime, cstime.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      found = true;
    } catch {
      // The process ended while we looked.
    }
  }
  return found ? ticks * 10 : undefined;
}
