export { agentExecutor } from './agent-loop.js';
export type { DecisionChoice, DecisionInput, EngineMode, EnginePolicy, EngineSpec, Retrieved, SegmentEnd } from './engine-types.js';
export { parsePlan } from './plan-text.js';
export { planProgress } from './plan-progress.js';
export { readStep, storedStep, type Step } from './stored-steps.js';
