export { agentExecutor } from './agent-loop.js';
export type { DecisionChoice, DecisionInput, EngineMode, EnginePolicy, EngineSpec, EngineState, Retrieved, SegmentEnd } from './engine-types.js';
export { parsePlan } from './plan-text.js';
export { planProgress } from './plan-progress.js';
export { transcriptOf } from './transcript.js';
