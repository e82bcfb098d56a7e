// Shared by the agent chat API tests: a test app listening on 127.0.0.1 with a scripted model server,
// users, a chat model, and helpers to create agents, chat, decide at a pause and re-attach.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentInfo, Envelope, KbDocument, KnowledgeBase, Page } from '@agent-platform/contracts';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '@agent-platform/scripted-llm';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { expectCode, expectOk, startTestApp, type CallResult, type TestApp } from '../../../test/harness.js';
import { parseSse, readSse, type SseEvent } from '../../../test/sse.js';

export const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
export const MODEL = 'agent-chat-model';
export const NOT_AWAITING = '当前运行不在等待此操作';
export const DECISIONS = ['hitl_action_confirm', 'hitl_observation_confirm', 'hitl_replace', 'hitl_feedback', 'hitl_finish'] as const;
export type Decision = (typeof DECISIONS)[number];

/** A stream's events, or the error envelope that was answered instead. */
export type StreamAnswer = { events: SseEvent[]; envelope?: undefined } | { events?: undefined; envelope: CallResult };

export interface AgentChatTestContext {
  t: TestApp;
  llm: ScriptedLlm;
  /** `http://127.0.0.1:<port>` of the listening app. */
  base: string;
  alice: string;
  bob: string;
  createAgent(fields?: Record<string, unknown>, token?: string): Promise<AgentInfo>;
  /** `POST /api/agent/chat` (or `plan_chat`), read to the end. */
  chat(body: Record<string, unknown>, token?: string, area?: 'chat' | 'plan_chat'): Promise<SseEvent[]>;
  /** The same, as a live stream a test reads event by event. */
  chatLive(body: Record<string, unknown>, token?: string, signal?: AbortSignal): Promise<AsyncGenerator<SseEvent>>;
  /** A decision under `/agent/<area>/`: the continued stream, or the error envelope. */
  decide(decision: Decision, body: unknown, token?: string, area?: 'chat' | 'plan_chat', app?: FastifyInstance): Promise<StreamAnswer>;
  /** `GET /api/runs/:id/events?after=N` read to the end (or the error envelope's code). */
  replay(runId: string, after: number, token?: string): Promise<SseEvent[]>;
  /** The model requests of chat completions, in order. */
  chatRequests(): RecordedRequest[];
  /** A knowledge base of `token` with one document, ingested (full text). */
  kbWithDocument(token: string, name: string, text: string): Promise<KnowledgeBase>;
  close(): Promise<void>;
}

export async function startAgentChatTestApp(env: Record<string, string> = {}): Promise<AgentChatTestContext> {
  const llm = await startScriptedLlm();
  const t = await startTestApp({ SECRET_KEY, LLM_RETRY_BASE_MS: '5', ...env });
  const admin = await t.signUp('ac_admin');
  const [alice, bob] = [await t.signUp('ac_alice'), await t.signUp('ac_bob')];
  expectOk(await t.call('/api/llm/create_llm_model', { llm_name: MODEL, type: 'chat', provider: 'openai-compatible', base_url: llm.url, api_key: 'sk-agent-0001', is_public: true, supports_tools: true }, admin));
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  let agents = 0;

  const post = (url: string, body: unknown, token: string, signal?: AbortSignal) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify(body), signal });

  async function streamOrEnvelope(app: FastifyInstance, url: string, body: unknown, token: string): Promise<StreamAnswer> {
    const response = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'access-token': token }, payload: JSON.stringify(body) });
    if (String(response.headers['content-type']).startsWith('text/event-stream')) return { events: parseSse(response.body) };
    return { envelope: { status: response.statusCode, body: response.json() as Envelope<unknown>, headers: response.headers } };
  }

  return {
    t,
    llm,
    base,
    alice,
    bob,
    async createAgent(fields = {}, token = alice) {
      return expectOk(await t.call<AgentInfo>('/api/agent/create', { name: `测试智能体${++agents}`, llm_name: MODEL, ...fields }, token));
    },
    async chat(body, token = alice, area = 'chat') {
      const answer = await streamOrEnvelope(t.app, `/api/agent/${area}`, body, token);
      expect(answer.envelope?.body, 'a stream, not an envelope').toBeUndefined();
      return answer.events!;
    },
    async chatLive(body, token = alice, signal) {
      const response = await post('/api/agent/chat', body, token, signal);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return readSse(response);
    },
    decide: (decision, body, token = alice, area = 'chat', app = t.app) => streamOrEnvelope(app, `/api/agent/${area}/${decision}`, body, token),
    async replay(runId, after, token = alice) {
      const response = await fetch(`${base}/api/runs/${runId}/events?after=${after}`, { headers: { 'access-token': token } });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return parseSse(await response.text());
    },
    chatRequests: () => llm.requests.filter((request) => request.path === '/v1/chat/completions'),
    async kbWithDocument(token, name, text) {
      const kb = expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name }, token));
      const form = new FormData();
      form.append('kb_id', kb.id);
      form.append('files', new Blob([text]), `${name}.md`);
      const uploaded = (await (await fetch(`${base}/api/kb/upload_docs`, { method: 'POST', headers: { 'access-token': token }, body: form })).json()) as Envelope<unknown>;
      expect(uploaded.code, uploaded.msg).toBe(200);
      await expect
        .poll(
          async () => {
            const page = expectOk(await t.raw<Page<KbDocument>>({ method: 'GET', url: `/api/kb/list_files_detail?kb_id=${kb.id}`, headers: { 'access-token': token } }));
            return page.list.map((doc) => doc.status).join();
          },
          { timeout: 30_000, interval: 50 },
        )
        .toBe('done');
      return kb;
    },
    async close() {
      await t.close();
      await llm.close();
    },
  };
}

/** Asserts the envelope of a refused decision. */
export function expectRefused(answer: StreamAnswer, code: number, msg?: string | RegExp): void {
  expect(answer.events, 'an error envelope, not a stream').toBeUndefined();
  expectCode(answer.envelope!, code, msg);
}

export const ofType = (events: SseEvent[], type: string) => events.filter((event) => event.event === type);
export const textOf = (events: SseEvent[]) => ofType(events, 'delta').map((event) => event.data.text).join('');
export const indexOf = (events: SseEvent[], type: string, from = 0) => events.findIndex((event, index) => index >= from && event.event === type);
/** The last user message of a model request, and every message as one text (to find what the model was told). */
export const lastUser = (request: RecordedRequest) =>
  (request.body.messages as Array<{ role: string; content: string }>).findLast((message) => message.role === 'user')?.content ?? '';
export const allText = (request: RecordedRequest) => JSON.stringify(request.body.messages);

/** Ids run on from `after` without gaps or repeats. */
export function expectSequence(events: SseEvent[], after: number): void {
  expect(events.map((event) => event.id)).toEqual(events.map((_, index) => after + index + 1));
}

export interface TinyServer {
  origin: string;
  port: number;
  /** Requests received, by path. */
  hits: string[];
  stop(): Promise<void>;
}

async function listen(server: http.Server, hits: string[]): Promise<TinyServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A custom tool's API: `/weather?city=` answers JSON, `/slow` never answers, `/broken` answers 500. */
export async function startToolApi(): Promise<TinyServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    if (url.pathname === '/weather') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city: url.searchParams.get('city'), weather: '晴' }));
    if (url.pathname === '/broken') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"disk full"}');
    if (url.pathname !== '/slow') res.writeHead(404).end();
  });
  return listen(server, hits);
}

/** An MCP service (Streamable HTTP, stateless, at `/mcp`) with one function: `lookup {key}`. */
export async function startDictionaryMcp(): Promise<TinyServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      hits.push(req.url ?? '/');
      const mcp = new McpServer({ name: 'dictionary', version: '1.0.0' });
      mcp.registerTool('lookup', { description: 'Look a key up', inputSchema: { key: z.string() } }, async ({ key }) => ({ content: [{ type: 'text', text: `词条 ${key} 的释义` }] }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void transport.close().then(() => mcp.close()));
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
    })().catch(() => res.headersSent || res.writeHead(500).end());
  });
  return listen(server, hits);
}
