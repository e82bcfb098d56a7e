import { postJson } from './lib/servers.js';
import { platformStream, percentile } from './lib/streams.js';
const url = 'http://127.0.0.1:18391';
const user = { user_name: 'bench', password: 'bench-password', nick_name: '压测', phone: '13800000000' };
await postJson(`${url}/api/user/register/by_username`, user);
const { data } = await postJson<any>(`${url}/api/user/login/by_username`, user);
await postJson(`${url}/api/llm/create_llm_model`, { llm_name: 'm', type: 'chat', provider: 'openai-compatible', base_url: 'http://127.0.0.1:18390/v1', api_key: '', is_public: false }, { 'access-token': data.token });
for (let r = 0; r < 4; r++) {
  const t = await Promise.all(Array.from({ length: 50 }, () => platformStream(url, data.token, 'm', 'hi')));
  console.log('round', r, 'ttft p50', percentile(t.map((x) => x.ttftMs), 50).toFixed(1), 'p99', percentile(t.map((x) => x.ttftMs), 99).toFixed(1), 'ok', t.filter((x) => x.ok).length);
}
const single = [];
for (let i = 0; i < 20; i++) single.push((await platformStream(url, data.token, 'm', 'hi')).ttftMs);
console.log('sequential ttft p50', percentile(single, 50).toFixed(1));
