export { createJobQueue, type JobQueueDeps } from './job-queue.js';
export { JobFailure, type EnqueueInput, type JobContext, type JobHandler, type JobOptions, type JobQueue, type JobRow, type JobStatus } from './job.types.js';
export { deleteFinishedJobs } from './job-retention.js';
export { RETENTION_JOB, STATISTICS_JOB, scheduleMaintenance, type MaintenanceTask } from './maintenance.js';
export { queueStats, type QueueKindStats } from './job.repo.js';
