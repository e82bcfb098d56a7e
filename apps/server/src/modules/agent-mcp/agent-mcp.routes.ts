import { id, type Envelope } from '@agent-platform/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../core/index.js';
import type { AgentMcp } from './agent-mcp.service.js';

const params = z.object({ id: id('智能体 id') });

/** A refusal as MCP clients read it: a JSON-RPC error (the Chinese reason as its message, our code beside it). */
const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code: -32000, message, data: { code } }, id: null });

/** `GET|POST|DELETE /v1/mcp/:id`: a published agent or setup as an MCP server over Streamable HTTP, the API key as bearer token. */
export function agentMcpRoutes(app: FastifyInstance, mcp: AgentMcp): void {
  void app.register(async (scope) => {
    // Refusals before the transport are written by the one error handler as envelopes.
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      const envelope = JSON.parse(payload) as Envelope;
      return JSON.stringify(jsonRpcError(envelope.code, envelope.msg));
    });
    scope.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/v1/mcp/:id',
      // Public: the API key is the credential, checked by the service on every request.
      config: { access: 'public' },
      handler: async (request, reply) => {
        const session = request.headers['mcp-session-id'];
        const exchange = await mcp.exchange({
          ip: request.ip,
          authorization: request.headers.authorization,
          sessionId: typeof session === 'string' ? session : undefined,
          subjectId: parseInput(params, request.params).id,
          method: request.method,
          body: request.body,
        });
        // The SDK's transport writes the answer (JSON or a stream) itself, with the headers set so far.
        const headers = reply.getHeaders();
        reply.hijack();
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) reply.raw.setHeader(name, value);
        try {
          await exchange.handleRequest(request.raw, reply.raw, request.body);
        } catch (error) {
          request.log.error({ err: error }, 'MCP request failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(jsonRpcError(50001, '服务器内部错误，请稍后重试')));
          else reply.raw.end();
        }
      },
    });
  });
}
