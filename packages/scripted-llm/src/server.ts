import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerChat, type ChatRequestBody } from './chat.js';
import { DEFAULT_MODELS, answerEmbeddings, answerModels, answerRerank, answerTranscription, describeUpload, embeddingInputs, type EmbeddingsBody, type RerankBody } from './endpoints.js';
import { pause, readBody, sendError, sendJson, untilClientLeaves, type Exchange } from './http-io.js';
import { parseMultipart } from './multipart.js';
import { createRuleBook, type RuleBook } from './rules.js';
import { lastUserText, systemText } from './text.js';
import type { Endpoint, RecordedRequest, ScriptedLlm, ScriptedLlmOptions, ScriptRule } from './types.js';

const ENDPOINTS: Record<string, Endpoint> = {
  '/v1/chat/completions': 'chat',
  '/v1/embeddings': 'embeddings',
  '/v1/rerank': 'rerank',
  '/v1/audio/transcriptions': 'transcriptions',
};

interface Context {
  options: ScriptedLlmOptions;
  rules: RuleBook;
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

async function parseBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req);
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) return describeUpload(parseMultipart(raw, type));
  if (raw.length === 0) return {};
  return JSON.parse(raw.toString('utf8'));
}

/** The text a rule's `match` looks at, per endpoint. */
function subjectOf(endpoint: Endpoint, body: Record<string, unknown>): string {
  switch (endpoint) {
    case 'chat':
      return lastUserText((body as ChatRequestBody).messages);
    case 'embeddings':
      return embeddingInputs(body as EmbeddingsBody).join('\n');
    case 'rerank':
      return (body as RerankBody).query ?? '';
    case 'transcriptions':
      return [(body.file as { name?: unknown } | undefined)?.name, body.prompt].filter((part) => typeof part === 'string').join('\n');
  }
}

async function answer(context: Context, exchange: Exchange, record: RecordedRequest): Promise<void> {
  const { options, rules } = context;
  const { req, res } = exchange;
  if (req.method === 'GET' && record.path === '/v1/models') return answerModels(exchange, options.models ?? DEFAULT_MODELS);
  if (options.remoteScript && req.method === 'POST' && record.path === '/__script') {
    if (!Array.isArray(record.body)) return sendError(res, 400, 'POST /__script takes a JSON array of rules');
    rules.addFirst(record.body as ScriptRule[]);
    return sendJson(res, 200, { added: record.body.length });
  }
  const endpoint = req.method === 'POST' ? ENDPOINTS[record.path] : undefined;
  if (!endpoint) return sendError(res, 404, `Unknown endpoint ${req.method} ${record.path}`);

  const auth = record.headers.authorization ?? '';
  if (options.apiKeys && !options.apiKeys.some((key) => auth === `Bearer ${key}`)) return sendError(res, 401);
  const body = (record.body ?? {}) as Record<string, unknown>;
  const model = String(body.model ?? '');
  if (options.models && !options.models.includes(model)) return sendError(res, 404, `The model \`${model}\` does not exist`);

  const afterToolResult = endpoint === 'chat' && (body as ChatRequestBody).messages?.at(-1)?.role === 'tool';
  const system = endpoint === 'chat' ? systemText((body as ChatRequestBody).messages) : '';
  const { rule, fail } = rules.take({ endpoint, model, text: subjectOf(endpoint, body), system, afterToolResult });
  if (rule?.delayMs && !(await pause(rule.delayMs, exchange.signal))) return;
  if (rule?.hang) return untilClientLeaves(exchange.signal);
  if (fail && rule?.status) return sendError(res, rule.status, rule.errorMessage);
  switch (endpoint) {
    case 'chat':
      return answerChat(exchange, body, rule, record.seq);
    case 'embeddings':
      return answerEmbeddings(exchange, body, options.embeddingDimensions ?? 64);
    case 'rerank':
      return answerRerank(exchange, body);
    case 'transcriptions':
      return answerTranscription(exchange, body, rule);
  }
}

async function handle(context: Context, record: RecordedRequest, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.on('finish', () => {
    record.finishedAt = Date.now();
  });
  res.on('close', () => {
    if (res.writableFinished) return;
    record.aborted = true;
    record.abortedAt = Date.now();
    controller.abort();
  });
  try {
    record.body = await parseBody(req);
  } catch {
    sendError(res, 400, 'We could not parse the JSON body of your request');
    return;
  }
  await answer(context, { req, res, signal: controller.signal }, record);
}

/** Starts the scripted OpenAI-compatible server on 127.0.0.1 (or `options.host`). */
export async function startScriptedLlm(options: ScriptedLlmOptions = {}): Promise<ScriptedLlm> {
  const context: Context = { options, rules: createRuleBook(options.rules ?? []) };
  const requests: RecordedRequest[] = [];
  let seq = 0;

  const server = http.createServer((req, res) => {
    const record: RecordedRequest = {
      seq: ++seq,
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: flattenHeaders(req),
      body: undefined,
      receivedAt: Date.now(),
      clientPort: req.socket.remotePort ?? 0,
      aborted: false,
    };
    requests.push(record);
    handle(context, record, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  // Longer than the gateway keeps idle connections (4 s), as real providers do: a reused socket is not closed under it.
  server.keepAliveTimeout = 6_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    port,
    requests,
    script: (...rules) => context.rules.add(rules),
    reset() {
      context.rules.reset();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
