// The baseline: a bare Fastify route answering an envelope like the platform's, no database, no auth.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const info = {
  id: '00000000-0000-0000-0000-000000000000',
  user_name: 'bench',
  nick_name: '压测',
  phone: '13800000000',
  role: 'user',
  status: 'active',
  created_at: new Date().toISOString(),
};
app.post('/bare', async () => ({ code: 200, msg: '操作成功', data: info }));
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
