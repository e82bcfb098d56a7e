// Agent chat benchmark: 100 concurrent agent chats through POST /api/agent/chat, each one calculator call
// and one answer, beside the same two model calls made straight to the scripted model server, in the
// same run. Goal: the platform adds under 15 ms to the median turn, no errors, and the server's memory
// grows by less than 200 MB. For reference, the same turn one at a time (no queueing) and the server's
// CPU time per turn (what a turn costs, whatever else the machine is doing).
import { directTurn, platformTurn } from './lib/agent-turns.js';
import { postJson } from './lib/servers.js';
import { benchUser, runTurnBench } from './lib/turn-bench.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
/** A round's chats start spread over this long (users do not all press enter in the same millisecond); 0: all at once. */
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1000);
const MODEL = 'bench-agent-model';
const QUESTION = '请计算 6*7';

await runTurnBench({
  name: 'agent-chat',
  heading: `${CONCURRENCY} concurrent agent turns (started over ${SPREAD_MS} ms) × ${ROUNDS} rounds, one calculator call and one streamed answer each`,
  /** A model that thinks 300 ms before proposing the call, then streams its answer in 30 pieces at 20 ms. */
  rules: [
    { match: '计算', afterToolResult: false, delayMs: 300, toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
    { match: '计算', afterToolResult: true, chunks: Array.from({ length: 30 }, (_, i) => `答案第${i}段`), chunkDelayMs: 20 },
  ],
  ports: [18293, 18294, 18295],
  concurrency: CONCURRENCY,
  rounds: ROUNDS,
  spreadMs: SPREAD_MS,
  goalAddedMs: 15,
  async prepare(server, llmUrl) {
    const headers = await benchUser(server, llmUrl, MODEL);
    const agent = await postJson<{ code: number; msg: string; data: { id: string } }>(
      `${server.url}/api/agent/create`,
      { name: '压测智能体', llm_name: MODEL, tool_ids: ['calculator'] },
      headers,
    );
    if (agent.code !== 200) throw new Error(`create agent: ${agent.msg}`);
    return { token: headers['access-token'], agentId: agent.data.id };
  },
  platformTurn: (server, { token, agentId }) => platformTurn(server.url, token, agentId, QUESTION),
  directTurn: (llmUrl) => directTurn(llmUrl, MODEL, QUESTION),
});
