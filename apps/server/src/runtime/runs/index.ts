export { createRunService, type RunService, type StartRun } from './run.service.js';
export type { RunContext, RunExecutor, RunOutcome } from './run-executor.js';
export type { RunStatus } from './runs.tables.js';
export { runRoutes } from './run.routes.js';
