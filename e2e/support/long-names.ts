import { expect, type APIRequestContext } from '@playwright/test';
import { apiCreateModel, apiRegister } from './api';
import { newUser, SCRIPTED_LLM_BASE_URL, SCRIPTED_LLM_PORT, type TestUser } from './constants';
import { uniqueModelName } from './models';

/** Long Chinese words (no spaces to break at), as a team names things it keeps for years. */
const LONG = '华东区域客户服务与售后支持中心年度知识整理项目';

/** `LONG` cut to the field's limit, ending with the run's mark so every list shows this run's items. */
const long = (limit: number, mark: string) => `${LONG}${LONG}${LONG}`.slice(0, limit - mark.length - 1) + `-${mark}`;

export interface LongNamed {
  mark: string;
  model: string;
  agentId: string;
  agentName: string;
  kbId: string;
  kbName: string;
  toolTitle: string;
  serviceName: string;
  fileName: string;
  question: string;
  user: TestUser;
}

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { data, headers: { 'access-token': token } });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

async function upload(request: APIRequestContext, token: string, url: string, fields: Record<string, string>, name: string): Promise<void> {
  const multipart = { ...fields, files: { name, mimeType: 'text/markdown', buffer: Buffer.from(`# ${LONG}\n\n售后服务的处理时限为 48 小时。\n`, 'utf8') } };
  const response = await request.post(url, { multipart, headers: { 'access-token': token } });
  const body = (await response.json()) as { code: number; msg: string; data: { failed?: unknown[] } };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  expect(body.data.failed ?? [], `${url}: refused files`).toEqual([]);
}

/** A streamed chat call: the request returns once the stream has ended. */
async function chat(request: APIRequestContext, token: string, url: string, data: unknown): Promise<void> {
  const response = await request.post(url, { data, headers: { 'access-token': token } });
  expect(response.status(), url).toBe(200);
  expect(await response.text(), url).toContain('done');
}

/**
 * One of everything a list shows, each with a name as long as its field allows (long Chinese words, a
 * long URL), seeded through the API as `token`'s user (an administrator, for the tags): what the
 * list-fit checks need so that a list that cuts text without a tooltip fails.
 */
export async function seedLongNames(request: APIRequestContext, token: string): Promise<LongNamed> {
  const mark = Date.now().toString(36);
  const tags = Object.fromEntries(
    await Promise.all(
      (['agent', 'kb', 'tool', 'service'] as const).map(async (type) => {
        const name = long(20, mark);
        await post(request, token, '/api/tag/tag_create', { tag_type: type, name, color: 'purple' });
        return [type, name] as const;
      }),
    ),
  );

  const model = uniqueModelName(`qwen2.5-72b-instruct-customer-service-east-china`);
  await apiCreateModel(request, token, {
    llm_name: model,
    display_name: long(100, mark),
    type: 'chat',
    provider: 'openai-compatible',
    base_url: SCRIPTED_LLM_BASE_URL,
    supports_tools: true,
  });
  await apiCreateModel(request, token, {
    llm_name: uniqueModelName('deepseek-r1-distill-qwen-32b-customer-service-region-east'),
    display_name: long(100, `${mark}b`),
    type: 'chat',
    provider: 'openai-compatible',
    base_url: `http://127.0.0.1:${SCRIPTED_LLM_PORT}/v1/openai-compatible/deployments/customer-service-region-east-china/${mark}`,
  });

  const agentName = long(50, mark);
  const description = `${LONG}，负责解答客户关于售后服务、退换货与保修政策的问题，并在需要时调用工具查询工单。`.repeat(3);
  const agent = await post<{ id: string }>(request, token, '/api/agent/create', { name: agentName, description, llm_name: model, tags: [tags.agent], tool_ids: ['calculator'] });
  await post(request, token, '/api/agent/api_keys/create', { agent_id: agent.id, name: long(50, mark) });

  const kbName = long(100, mark);
  const kb = await post<{ id: string }>(request, token, '/api/kb/create_knowledge_base', { name: kbName, description, tags: [tags.kb] });
  const fileName = `${long(80, mark)}.md`;
  await upload(request, token, '/api/kb/upload_docs', { kb_id: kb.id }, fileName);
  await upload(request, token, '/api/kb/files/upload', { path: '/', is_private: 'true', override: 'true' }, fileName);
  await upload(request, token, '/api/kb/files/upload', { path: '/', is_private: 'false', override: 'true' }, fileName);

  const toolTitle = long(100, mark);
  await post(request, token, '/api/tool/create', {
    kind: 'llm',
    name: `query_customer_service_tickets_east_china_${mark}`.slice(0, 64),
    title: toolTitle,
    description,
    tags: [tags.tool],
    input_schema: { type: 'object', properties: { ticket_id: { type: 'string' } }, required: ['ticket_id'] },
    config: { method: 'GET', url: `http://127.0.0.1:1/api/v1/customer-service/region/east-china/tickets/{ticket_id}/history?mark=${mark}` },
  });
  const serviceName = long(50, mark);
  await post(request, token, '/api/service/create', {
    name: serviceName,
    description,
    tags: [tags.service],
    url: `http://127.0.0.1:1/mcp/customer-service/region/east-china/after-sales/knowledge-base/${mark}/streamable-http`,
  });

  const question = `${long(60, mark)}：请帮我整理一下本季度的售后工单情况`;
  await chat(request, token, '/api/llm/chat', { llm_name: model, query: question });
  await chat(request, token, '/api/agent/plan_chat', { agent_id: agent.id, query: question });

  const user = { ...newUser('long'), user_name: long(64, mark), nick_name: long(64, `${mark}n`) };
  await apiRegister(request, user);
  return { mark, model, agentId: agent.id, agentName, kbId: kb.id, kbName, toolTitle, serviceName, fileName, question, user };
}
