import { kbChatBody } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/index.js';
import { sseSink } from '../../platform/sse/index.js';
import type { KbChatService } from './kb-chat.service.js';

export function kbChatRoutes(app: FastifyInstance, kbChat: KbChatService): void {
  route(app, {
    url: '/kb/chat',
    access: 'user',
    body: kbChatBody,
    handler: ({ user, body, reply }) => kbChat.chat(sseSink(reply), user, body),
  });
}
