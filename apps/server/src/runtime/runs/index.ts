export { createRunService, type DecideRun, type RunService, type RunSink, type StartRun } from './run.service.js';
export type { RunContext, RunExecutor, RunOutcome } from './run-executor.js';
export type { RunEvent, RunRow } from './run.repo.js';
export { appendStep, insertStep, listSteps, stepInfo, stepRow, type NewRunStep, type RunStepRow } from './run-steps.repo.js';
export type { RunStatus } from './runs.tables.js';
export { runRoutes } from './run.routes.js';
export { archiveEndedRunEvents } from './run-retention.js';
