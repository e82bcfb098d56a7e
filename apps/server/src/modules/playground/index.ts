export { createPlaygroundService, type PlaygroundService } from './playground.service.js';
export { playgroundRoutes } from './playground.routes.js';
export { prepareTurn, titleAsker, type Turn, type TurnInput } from './chat-turn.js';
export { streamAnswerRun, type AnswerRun } from './answer-run.js';
