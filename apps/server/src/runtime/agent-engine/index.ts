export { agentExecutor } from './agent-loop.js';
export type { DecisionChoice, DecisionInput, EngineMode, EnginePolicy, EngineSpec, EngineState, Retrieved, SegmentEnd } from './engine-types.js';
export { parsePlan } from './plan-text.js';
export { planProgress } from './plan-progress.js';
export { readStep, storedStep, type Step } from './stored-steps.js';
// What an agent's stored steps add up to, from the messages it started with (multi-agent chat reads its members' parts so).
export { rebuildState as transcriptOf } from './transcript.js';
