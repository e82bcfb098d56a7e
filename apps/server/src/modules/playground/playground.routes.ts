import { llmChatBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { PlaygroundService } from './playground.service.js';

export function playgroundRoutes(app: FastifyInstance, playground: PlaygroundService): void {
  route(app, {
    url: '/llm/chat',
    access: 'user',
    body: llmChatBody,
    handler: ({ user, body, reply }) => playground.chat(sseSink(reply), user, body),
  });
}
