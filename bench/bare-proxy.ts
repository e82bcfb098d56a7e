// The floor for llm-chat: a bare streaming proxy on the same stack (Fastify route, Node's HTTP client
// with kept-alive connections, SSE out), with no authentication, database, run or conversation.
import http from 'node:http';
import Fastify from 'fastify';

const upstream = new URL(`${process.env.BARE_UPSTREAM}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, timeout: 4_000 });
const app = Fastify({ logger: false });

function ask(body: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.request(upstream, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
    request.once('response', resolve).once('error', reject).end(body);
  });
}

app.get('/healthz', async () => ({ ok: true }));
app.post('/api/llm/chat', async (req, reply) => {
  const { llm_name, query } = req.body as { llm_name: string; query: string };
  const answer = await ask(JSON.stringify({ model: llm_name, stream: true, messages: [{ role: 'user', content: query }] }));
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let seq = 0;
  let buffer = '';
  answer.setEncoding('utf8');
  for await (const chunk of answer) {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      const text = data === '[DONE]' ? undefined : JSON.parse(data).choices?.[0]?.delta?.content;
      if (text) out.write(`id: ${++seq}\nevent: delta\ndata: ${JSON.stringify({ text })}\n\n`);
    }
  }
  out.end(`id: ${seq + 1}\nevent: done\ndata: {"status":"completed"}\n\n`);
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
// An orderly exit on the bench's SIGTERM, so `--cpu-prof` (BENCH_NODE_ARGS) writes its profile.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
