// Multi-agent benchmark: 50 concurrent supervisor turns through POST /api/ma/chat, each delegating to two
// members that make one model call each, beside the same four model calls made straight to the scripted
// model server, in the same run. Goal: the platform adds under 20 ms to the median turn, no errors, and
// the server's memory grows by less than 200 MB.
import { postJson } from './lib/servers.js';
import { COORDINATOR, directSupervisorTurn, MEMBERS, platformSupervisorTurn } from './lib/ma-turns.js';
import { benchUser, runTurnBench } from './lib/turn-bench.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1000);
const MODEL = 'bench-ma-model';
const QUESTION = '请调研并总结';
const pieces = (count: number) => Array.from({ length: count }, (_, i) => `第${i}段`);

type Created = { code: number; msg: string; data: { id: string } };

await runTurnBench({
  name: 'multi-agent',
  heading: `${CONCURRENCY} concurrent supervisor turns (started over ${SPREAD_MS} ms) × ${ROUNDS} rounds, two delegations with one model call each and a streamed final answer`,
  /** The coordinator thinks 300 ms before delegating; each member streams 10 pieces at 20 ms; the final answer 30 pieces at 20 ms. */
  rules: [
    {
      system: COORDINATOR,
      afterToolResult: false,
      delayMs: 300,
      toolCalls: [
        { name: 'ask_agent_1', arguments: { task: '查资料' } },
        { name: 'ask_agent_2', arguments: { task: '写摘要' } },
      ],
    },
    { system: COORDINATOR, afterToolResult: true, chunks: pieces(30), chunkDelayMs: 20 },
    ...MEMBERS.map((system) => ({ system, chunks: pieces(10), chunkDelayMs: 20 })),
  ],
  ports: [18296, 18297, 18298],
  concurrency: CONCURRENCY,
  rounds: ROUNDS,
  spreadMs: SPREAD_MS,
  goalAddedMs: 20,
  async prepare(server, llmUrl) {
    const headers = await benchUser(server, llmUrl, MODEL);
    const members = [];
    for (const [index, system] of MEMBERS.entries()) {
      const agent = await postJson<Created>(`${server.url}/api/agent/create`, { name: `成员${index + 1}`, llm_name: MODEL, system_prompt: system, history_turns: 0 }, headers);
      if (agent.code !== 200) throw new Error(`create agent: ${agent.msg}`);
      members.push({ agent_id: agent.data.id });
    }
    const setup = await postJson<Created>(
      `${server.url}/api/ma/create`,
      { name: '压测协作', mode: 'supervisor', members, start_agent_id: members[0]!.agent_id, context: 'task', supervisor: { llm_name: MODEL, system_prompt: COORDINATOR } },
      headers,
    );
    if (setup.code !== 200) throw new Error(`create setup: ${setup.msg}`);
    return { token: headers['access-token'], setupId: setup.data.id };
  },
  platformTurn: (server, { token, setupId }) => platformSupervisorTurn(server.url, token, setupId, QUESTION),
  directTurn: (llmUrl) => directSupervisorTurn(llmUrl, MODEL, QUESTION),
});
