import { createApiKeyBody, listApiKeysBody, revokeApiKeyBody, type Envelope } from '@agent-platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answeredTarget, route } from '../../platform/http/index.js';
import { EventStream } from '../../platform/sse/index.js';
import type { ApiKeyService } from './api-key.service.js';
import type { CompletionCall, CompletionOutput, OpenAiChat } from './openai-chat.service.js';
import { openAiError } from './openai-format.js';

/** The call as the OpenAI-compatible chat reads it: a client that leaves aborts its signal. */
function completionCall(request: FastifyRequest, reply: FastifyReply): CompletionCall {
  const left = new AbortController();
  reply.raw.on('close', () => left.abort());
  return { ip: request.ip, authorization: request.headers.authorization, body: request.body, signal: left.signal };
}

function completionOutput(reply: FastifyReply): CompletionOutput {
  return {
    whole: (body) => reply.header('cache-control', 'no-store').send(body),
    // EventStream gives the headers, heartbeats and close handling; OpenAI's wire format has data lines only.
    openStream: () => new EventStream(reply),
  };
}

/** API keys of an agent (owner or administrator), and the OpenAI-compatible chat that uses them. */
export function agentPublishRoutes(app: FastifyInstance, { keys, openAiChat }: { keys: ApiKeyService; openAiChat: OpenAiChat }): void {
  route(app, {
    url: '/agent/api_keys/create',
    access: 'user',
    body: createApiKeyBody,
    audit: { action: 'api_key.create', target: answeredTarget('api_key'), detail: ({ body }) => `智能体 ${body.agent_id}` },
    handler: ({ user, body }) => keys.createKey(user, body.agent_id, body.name),
  });
  route(app, { url: '/agent/api_keys/list', access: 'user', body: listApiKeysBody, handler: ({ user, body }) => keys.listKeys(user, body.agent_id) });
  route(app, {
    url: '/agent/api_keys/revoke',
    access: 'user',
    body: revokeApiKeyBody,
    audit: { action: 'api_key.revoke', target: ({ body }) => ({ kind: 'api_key', id: body.id }) },
    handler: ({ user, body }) => keys.revokeKey(user, body.id),
  });

  void app.register(async (openAi) => {
    // Refusals here are written by the one error handler as envelopes; OpenAI clients expect `{error}`.
    openAi.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      const envelope = JSON.parse(payload) as Envelope;
      return JSON.stringify(openAiError(envelope.code, envelope.msg));
    });
    // Public: the API key is the credential, checked by the handler itself.
    route(openAi, {
      url: '/chat/completions',
      bases: ['/v1'],
      access: 'public',
      handler: ({ request, reply }) => openAiChat.complete(completionCall(request, reply), completionOutput(reply)),
    });
  });
}
