export { createPlaygroundService, type PlaygroundService } from './playground.service.js';
export { playgroundRoutes } from './playground.routes.js';
