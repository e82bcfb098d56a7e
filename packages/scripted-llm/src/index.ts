export { startScriptedLlm } from './server.js';
export { defaultReply } from './chat.js';
export { DEFAULT_MODELS, DEFAULT_TRANSCRIPT } from './endpoints.js';
export { embedText, overlapScore } from './vectors.js';
export { hash32 } from './text.js';
export { DEMO_RULES } from './demo-rules.js';
export type { Endpoint, RecordedRequest, ScriptRule, ScriptedLlm, ScriptedLlmOptions, ScriptedToolCall, ScriptedUsage } from './types.js';
