// One PGlite configuration in a process of its own: its resident memory right after opening, and at
// rest after some full-text searches over the seeded knowledge base (with the median search time), and how
// much of it is the WebAssembly memory and glibc's thread arenas. Run by pglite-memory.bench.ts.
import { sql } from 'drizzle-orm';
import { openPglite, type PgliteTuning } from '../../apps/server/src/platform/db/index.js';
import { segmentWords } from '../../apps/server/src/platform/documents/index.js';
import { searchFullText } from '../../apps/server/src/modules/knowledge/index.js';
import { residentByKind } from './proc.js';

export interface ProbeVariant extends PgliteTuning {
  name: string;
  /** Environment of the probe's process (glibc's malloc settings are read when it starts). */
  env?: Record<string, string>;
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const QUERIES = ['知识库的检索效果', '数据备份与恢复', '合同审批流程', '项目进度风险', '供应商采购预算', '系统权限配置', '会议纪要', '客户订单发票'];

const variant = JSON.parse(process.env.PROBE_VARIANT!) as ProbeVariant;
const before = rssMb();
const database = await openPglite({ dataDir: process.env.PROBE_DATA_DIR, tuning: { initialMemory: variant.initialMemory, settings: variant.settings, v8Flags: variant.v8Flags } });
const { db } = database;
await db.execute(sql`select 1`);
const opened = rssMb();
const kbId = process.env.PROBE_KB_ID!;
// Three rounds to warm up (and let V8 finish compiling the hot WebAssembly functions with its optimising
// tier, whose CPU time would otherwise count), then ten rounds of the eight queries timed.
for (let round = 0; round < 3; round += 1) for (const query of QUERIES) await searchFullText(db, [kbId], segmentWords(query), 50);
await new Promise((resolve) => setTimeout(resolve, 1000));
const times: number[] = [];
// CPU time too: on a loaded machine the wall time mostly measures the other processes.
const cpuBefore = process.cpuUsage();
for (let round = 0; round < 10; round += 1) {
  for (const query of QUERIES) {
    const started = performance.now();
    await searchFullText(db, [kbId], segmentWords(query), 50);
    times.push(performance.now() - started);
  }
}
const cpu = process.cpuUsage(cpuBefore);
const searchCpuMs = (cpu.user + cpu.system) / 1000 / times.length;
const searchMs = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
await new Promise((resolve) => setTimeout(resolve, 1000));
globalThis.gc?.();
const settled = rssMb();
const { wasm, arenas } = residentByKind(process.pid);
const [buffers] = ((await db.execute(sql`select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`)) as unknown as { rows: unknown[] }).rows;
console.log(
  JSON.stringify({
    name: variant.name,
    beforeMb: before,
    openedMb: opened,
    atRestMb: settled,
    wasmMb: wasm,
    arenasMb: arenas,
    searchP50Ms: Math.round(searchMs * 10) / 10,
    searchCpuMs: Math.round(searchCpuMs * 10) / 10,
    ...(buffers as object),
  }),
);
await database.close();
