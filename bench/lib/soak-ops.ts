import { parseSse } from '../../apps/server/test/sse.js';
import { postJson } from './servers.js';

/** The four operations of the soak benchmark, as one user performs them against the platform. */
export type Operation = 'chat' | 'agent' | 'search' | 'file';
export const OPERATIONS: Operation[] = ['chat', 'agent', 'search', 'file'];

export const SOAK_MODEL = 'soak-model';
/** The scripted model: a chat answer in 8 pieces; for agents a calculator call, then an answer in 8 pieces. */
export const SOAK_RULES = [
  { match: '计算', afterToolResult: false, toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
  { match: '计算', afterToolResult: true, chunks: Array.from({ length: 8 }, (_, i) => `结果第${i}段`) },
  { match: '介绍', chunks: Array.from({ length: 8 }, (_, i) => `回答第${i}段`) },
];

export interface SoakUser {
  name: string;
  token: string;
  agentId: string;
  kbId: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function ok<T>(what: string, answer: Promise<Envelope<T>>): Promise<T> {
  const { code, msg, data } = await answer;
  if (code !== 200) throw new Error(`${what}: ${code} ${msg}`);
  return data;
}

const KB_TEXT = Array.from({ length: 40 }, (_, i) => `## 第${i}节\n\n年假制度规定员工每年享有带薪年假，第${i}条说明报销流程需要提交发票和审批单。`).join('\n\n');

/** Signs in (registering first on an empty database), then makes the user's own agent and knowledge base. */
export async function prepareUser(url: string, name: string, password: string, register: boolean, index: number): Promise<SoakUser> {
  if (register) await postJson(`${url}/api/user/register/by_username`, { user_name: name, password, nick_name: name, phone: `1390000${String(index).padStart(4, '0')}` });
  const { token } = await ok('login', postJson<Envelope<{ token: string }>>(`${url}/api/user/login/by_username`, { user_name: name, password }));
  const headers = { 'access-token': token };
  const agent = await ok(
    'create agent',
    postJson<Envelope<{ id: string }>>(`${url}/api/agent/create`, { name: `浸泡测试-${Date.now()}`, llm_name: SOAK_MODEL, tool_ids: ['calculator'] }, headers),
  );
  const kb = await ok('create kb', postJson<Envelope<{ id: string }>>(`${url}/api/kb/create_knowledge_base`, { name: `制度-${Date.now()}` }, headers));
  const form = new FormData();
  form.append('kb_id', kb.id);
  form.append('files', new Blob([KB_TEXT]), '制度.md');
  await ok(
    'upload docs',
    fetch(`${url}/api/kb/upload_docs`, { method: 'POST', headers, body: form }).then((r) => r.json() as Promise<Envelope<unknown>>),
  );
  for (let i = 0; ; i += 1) {
    const page = (await (await fetch(`${url}/api/kb/list_files_detail?kb_id=${kb.id}&page_size=10`, { headers })).json()) as Envelope<{ list: Array<{ status: string }> }>;
    if (page.data.list.every((doc) => doc.status === 'done')) break;
    if (i > 600) throw new Error('knowledge base ingestion did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, token, agentId: agent.id, kbId: kb.id };
}

async function streamedTurn(url: string, token: string, path: string, body: unknown, expectTool: boolean): Promise<void> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'access-token': token }, body: JSON.stringify(body) });
  const events = parseSse(await response.text());
  const done = events.at(-1);
  if (done?.event !== 'done' || done.data.status !== 'completed')
    throw new Error(`${path}: ${done?.event === 'done' ? done.data.status : `no done (${response.status})`} ${events.find((e) => e.event === 'error')?.data.msg ?? ''}`);
  if (expectTool && !events.some((event) => event.event === 'observation')) throw new Error(`${path}: no tool call`);
}

let fileCounter = 0;

/** Runs one operation; throws on any failure. */
export async function perform(url: string, user: SoakUser, operation: Operation): Promise<void> {
  const headers = { 'access-token': user.token };
  switch (operation) {
    case 'chat':
      return streamedTurn(url, user.token, '/api/llm/chat', { llm_name: SOAK_MODEL, query: '请介绍一下年假制度' }, false);
    case 'agent':
      return streamedTurn(url, user.token, '/api/agent/chat', { agent_id: user.agentId, query: '请计算 6*7' }, true);
    case 'search': {
      const result = await ok(
        'search',
        postJson<Envelope<{ hits: unknown[] }>>(`${url}/api/kb/search_docs`, { kb_id: user.kbId, query: '年假报销流程', mode: 'fulltext', top_k: 5 }, headers),
      );
      if (result.hits.length === 0) throw new Error('search found nothing');
      return;
    }
    case 'file': {
      const form = new FormData();
      fileCounter += 1;
      form.append('path', '/');
      form.append('files', new Blob([`浸泡测试文件 ${fileCounter} `.repeat(64)]), `soak-${fileCounter}.txt`);
      const uploaded = await ok(
        'upload',
        fetch(`${url}/api/kb/files/upload`, { method: 'POST', headers, body: form }).then((r) => r.json() as Promise<Envelope<{ uploaded: Array<{ id: string }> }>>),
      );
      const id = uploaded.uploaded[0]?.id;
      if (!id) throw new Error('upload stored nothing');
      const download = await fetch(`${url}/api/kb/files/download`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ file_id: id }) });
      if (!download.ok || (await download.arrayBuffer()).byteLength === 0) throw new Error(`download: ${download.status}`);
      await ok('delete', postJson<Envelope<unknown>>(`${url}/api/kb/files/delete`, { ids: [id] }, headers));
      return;
    }
  }
}
