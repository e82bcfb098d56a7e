// One PGlite configuration in a process of its own: its resident memory right after opening, and at
// rest after some full-text searches over the seeded knowledge base. Run by pglite-memory.bench.ts.
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import { openPglite, type PgliteTuning } from '../../apps/server/src/platform/db/index.js';
import { segmentWords } from '../../apps/server/src/platform/documents/index.js';
import { searchFullText } from '../../apps/server/src/modules/knowledge/index.js';

export interface ProbeVariant extends PgliteTuning {
  name: string;
  /** V8 flags set before PGlite compiles its WebAssembly. */
  v8Flags?: string[];
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const QUERIES = ['知识库的检索效果', '数据备份与恢复', '合同审批流程', '项目进度风险', '供应商采购预算', '系统权限配置', '会议纪要', '客户订单发票'];

const variant = JSON.parse(process.env.PROBE_VARIANT!) as ProbeVariant;
for (const flag of variant.v8Flags ?? []) v8.setFlagsFromString(flag);
const before = rssMb();
const database = await openPglite({ dataDir: process.env.PROBE_DATA_DIR, tuning: { initialMemory: variant.initialMemory, settings: variant.settings } });
const { db } = database;
await db.execute(sql`select 1`);
const opened = rssMb();
const kbId = process.env.PROBE_KB_ID!;
const started = performance.now();
for (let round = 0; round < 5; round += 1) for (const query of QUERIES) await searchFullText(db, [kbId], segmentWords(query), 50);
const searchMs = (performance.now() - started) / (5 * QUERIES.length);
await new Promise((resolve) => setTimeout(resolve, 1000));
globalThis.gc?.();
const settled = rssMb();
const [buffers] = ((await db.execute(sql`select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`)) as unknown as { rows: unknown[] }).rows;
console.log(JSON.stringify({ name: variant.name, beforeMb: before, openedMb: opened, atRestMb: settled, searchMs: Math.round(searchMs * 10) / 10, ...(buffers as object) }));
await database.close();
