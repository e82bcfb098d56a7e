// The machinery every chat shares: a turn prepared (everything refusable checked before a stream
// starts), started as a durable run on a sink, a model's answer streamed and kept in the conversation.
export { prepareTurn, titleAsker, type Turn, type TurnInput } from './chat-turn.js';
export { startTurnRun, type TurnRun } from './turn-run.js';
export { startAnswerRun, type AnswerRun, type AnswerRunDeps } from './answer-run.js';
export { answerExecutor, type AnswerInput } from './answer.executor.js';
export { runHeadless, type HeadlessResult, type HeadlessTurn } from './headless-run.js';
