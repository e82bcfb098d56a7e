export { openPglite, openPostgres, migrationsFolder, PGLITE_TUNING, type Database, type Db, type PgliteOptions, type PgliteTuning, type PoolUse } from './client.js';
export { isForeignKeyViolation, isUniqueViolation } from './errors.js';
export { BatchQueue } from './batch-queue.js';
export { WriteBehind, type WriteKind } from './write-behind.js';
export { withTransaction, selectRows } from './typed.js';
export { binaryInteger, selectBinaryRows } from './binary-rows.js';
export { serializeErrorWithoutValues } from './error-without-values.js';
export { analyzeChangedTables, PGLITE_STATISTICS_TARGET, plannerStatisticsNeedUs } from './planner-statistics.js';
export { thingList } from './thing-list.js';
