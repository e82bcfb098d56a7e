// The audit trail: every audited call leaves one entry (who, what, to what, from where) when it
// succeeds, a failed sign-in too; refusals leave none. Administrators list it with filters; the
// retention upkeep prunes what is older than the configured number of days.
import type { AgentInfo, AuditEntry, KnowledgeBase, Page } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { connectionBody, createSampleShop } from '../../../test/fixtures/sample-shop.js';
import { RETENTION_JOB, type JobQueue } from '../../runtime/jobs/index.js';

const LIST = '/api/system/audit/list';
const NOT_ADMIN = '需要管理员权限';

describe('audit log', () => {
  let t: TestApp;
  let jobs: JobQueue;
  let admin: string;
  let adminId: string;
  let alice: string;
  let aliceId: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestApp({}, (_app, services) => {
      jobs = services.jobs;
    });
    admin = await t.signUp('audit_admin');
    alice = await t.signUp('audit_alice');
    bob = await t.signUp('audit_bob');
    adminId = String((await t.userRow('audit_admin'))!.id);
    aliceId = String((await t.userRow('audit_alice'))!.id);
  });
  afterAll(() => t?.close());

  /** The entries of one action, oldest first, as stored. */
  const trail = (action: string) =>
    t.rows<Record<string, string | null>>(
      sql`select action, actor_id, actor_name, target_kind, target_id, target_name, detail, address from audit_entries where action = ${action} order by created_at, id`,
    );
  const byAlice = (action: string, target_kind: string, target_id: string, target_name: string | null) => ({
    action,
    actor_id: aliceId,
    actor_name: 'audit_alice',
    target_kind,
    target_id,
    target_name,
    address: '127.0.0.1',
  });

  it('records sign-ins and failed sign-ins with the name tried and the address', async () => {
    const before = (await trail('user.login')).length;
    expectOk(await t.call('/api/user/login/by_username', { user_name: 'audit_alice', password: PASSWORD }, undefined, { ip: '10.1.2.3' }));
    expectCode(await t.call('/api/user/login/by_username', { user_name: 'audit_alice', password: 'wrong-guess' }, undefined, { ip: '10.9.9.9' }), 40104, '用户名或密码错误');
    expectCode(await t.call('/api/user/login/by_username', { user_name: 'nobody_here', password: 'x' }, undefined, { ip: '10.9.9.8' }), 40104, '用户名或密码错误');
    // Refused before the call ran (bad input): not a sign-in attempt.
    expectCode(await t.call('/api/user/login/by_username', { user_name: '' }, undefined, { ip: '10.9.9.7' }), 40001);

    const logins = await trail('user.login');
    expect(logins).toHaveLength(before + 1);
    expect(logins.at(-1)).toMatchObject({ actor_id: null, actor_name: 'audit_alice', address: '10.1.2.3' });
    expect(await trail('user.login_failed')).toEqual([
      { action: 'user.login_failed', actor_id: null, actor_name: 'audit_alice', target_kind: null, target_id: null, target_name: null, detail: '用户名或密码错误', address: '10.9.9.9' },
      { action: 'user.login_failed', actor_id: null, actor_name: 'nobody_here', target_kind: null, target_id: null, target_name: null, detail: '用户名或密码错误', address: '10.9.9.8' },
    ]);
  });

  it('records approvals, rejections, role changes and deletions of accounts; refusals leave nothing', async () => {
    await t.setProperty(admin, 'system.user.register.review', 'true');
    expect(expectOk(await t.register('audit_newcomer'))).toMatchObject({ status: 'pending' });
    expect(expectOk(await t.register('audit_spammer'))).toMatchObject({ status: 'pending' });
    await t.setProperty(admin, 'system.user.register.review', 'false');
    const newcomer = String((await t.userRow('audit_newcomer'))!.id);
    const spammer = String((await t.userRow('audit_spammer'))!.id);

    expectCode(await t.call('/api/user/update_role', { user_id: newcomer, role: 'admin' }, admin), 40301, '账号尚未通过审核，不能修改角色');
    expectOk(await t.call('/api/user/review', { user_id: newcomer, approve: true }, admin));
    expectOk(await t.call('/api/user/review', { user_id: spammer, approve: false }, admin));
    expect(expectOk(await t.call('/api/user/update_role', { user_id: newcomer, role: 'admin' }, admin))).toMatchObject({ role: 'admin' });
    expectOk(await t.call('/api/user/update_role', { user_id: newcomer, role: 'user' }, admin));
    expectCode(await t.call('/api/user/update_role', { user_id: adminId, role: 'user' }, admin), 40301, '不能修改自己的角色');
    expectCode(await t.call('/api/user/update_role', { user_id: aliceId, role: 'admin' }, alice), 40301, NOT_ADMIN);
    expectCode(await t.call('/api/user/update_role', { user_id: aliceId, role: 'root' }, admin), 40001, '参数 role 不合法：角色只能是 admin 或 user');
    expectOk(await t.call('/api/user/del_user', { user_id: spammer }, admin));
    expect(await t.userRow('audit_newcomer')).toMatchObject({ role: 'user', status: 'active' });

    const byAdmin = { actor_id: adminId, actor_name: 'audit_admin', target_kind: 'user', address: '127.0.0.1' };
    expect(await trail('user.approve')).toEqual([{ ...byAdmin, action: 'user.approve', target_id: newcomer, target_name: 'audit_newcomer', detail: null }]);
    expect(await trail('user.reject')).toEqual([{ ...byAdmin, action: 'user.reject', target_id: spammer, target_name: 'audit_spammer', detail: null }]);
    expect(await trail('user.role')).toEqual([
      { ...byAdmin, action: 'user.role', target_id: newcomer, target_name: 'audit_newcomer', detail: 'admin' },
      { ...byAdmin, action: 'user.role', target_id: newcomer, target_name: 'audit_newcomer', detail: 'user' },
    ]);
    expect(await trail('user.delete')).toEqual([{ ...byAdmin, action: 'user.delete', target_id: spammer, target_name: null, detail: null }]);
  });

  it('records property and branding changes, naming the codes a batch changed', async () => {
    const created = expectOk(await t.call('/api/system/property/create', { code: 'custom.audit', current_value: '1' }, admin));
    expectOk(await t.call('/api/system/property/update', { id: created.id, current_value: '2' }, admin));
    const items = [
      { code: 'system.ui.name', current_value: '审计平台' },
      { code: 'system.ui.menu.kb', current_value: '' },
    ];
    expectOk(await t.call('/api/system/property/update/batch', { items }, admin));
    expectCode(await t.call('/api/system/property/update/batch', { items }, alice), 40301, NOT_ADMIN);
    expectOk(await t.call('/api/system/property/delete', { id: created.id }, admin));

    const byAdmin = { actor_id: adminId, actor_name: 'audit_admin', target_kind: 'property', address: '127.0.0.1', detail: null };
    expect(await trail('property.create')).toEqual([{ ...byAdmin, action: 'property.create', target_id: created.id, target_name: 'custom.audit' }]);
    expect(await trail('property.update')).toEqual([{ ...byAdmin, action: 'property.update', target_id: created.id, target_name: 'custom.audit' }]);
    expect(await trail('property.delete')).toEqual([{ ...byAdmin, action: 'property.delete', target_id: created.id, target_name: null }]);
    const batches = await trail('property.batch_update');
    expect(batches.at(-1)).toEqual({ ...byAdmin, action: 'property.batch_update', target_kind: null, target_id: null, target_name: null, detail: 'system.ui.name, system.ui.menu.kb' });
    expect(batches.filter((entry) => entry.actor_name === 'audit_alice')).toEqual([]);
  });

  it('records publishing, withholding, API keys and deletions (with the name the thing had) of agents, setups, knowledge bases, tools, services and models', async () => {
    const model = { llm_name: 'Audit-Chat', type: 'chat', provider: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-audit-0001', is_public: true };
    const modelId = expectOk(await t.call<{ id: string }>('/api/llm/create_llm_model', model, admin)).id;
    const kb = expectOk(await t.call<KnowledgeBase>('/api/kb/create_knowledge_base', { name: '审计手册' }, alice));
    const tool = expectOk(await t.call<{ id: string }>('/api/tool/create', { kind: 'llm/kb', name: 'audit_search', title: '查审计手册', config: { kb_ids: [kb.id] } }, alice));
    const service = expectOk(await t.call<{ id: string }>('/api/service/create', { name: '审计服务', url: 'http://127.0.0.1:9/mcp' }, alice));
    const agent = expectOk(await t.call<AgentInfo>('/api/agent/create', { name: '审计助手', llm_name: 'Audit-Chat' }, alice));
    const setup = expectOk(await t.call<{ id: string }>('/api/ma/create', { name: '审计协作', mode: 'handoff', members: [{ agent_id: agent.id }], start_agent_id: agent.id }, alice));

    for (const [area, id] of [
      ['agent', agent.id],
      ['ma', setup.id],
    ] as const) {
      expectOk(await t.call(`/api/${area}/publish`, { id }, alice));
      expectOk(await t.call(`/api/${area}/withhold`, { id }, alice));
    }
    expectOk(await t.call('/api/kb/publish', { kb_id: kb.id }, alice));
    expectOk(await t.call('/api/kb/withhold', { kb_id: kb.id }, alice));
    const key = expectOk(await t.call<{ id: string }>('/api/agent/api_keys/create', { agent_id: agent.id, name: '审计密钥' }, alice));
    expectOk(await t.call('/api/agent/api_keys/revoke', { id: key.id }, alice));

    expectCode(await t.call('/api/agent/delete', { id: agent.id }, bob), 40401, '智能体不存在');
    expectOk(await t.call('/api/ma/delete', { id: setup.id }, alice));
    expectOk(await t.call('/api/agent/delete', { id: agent.id }, alice));
    expectOk(await t.call('/api/tool/delete_tool_by_id', { id: tool.id }, alice));
    expectOk(await t.call('/api/kb/delete_knowledge_base', { kb_id: kb.id }, alice));
    expectOk(await t.call('/api/service/delete_service_by_id', { id: service.id }, alice));
    expectOk(await t.call('/api/llm/delete_llm_by_id', { id: modelId }, admin));

    const expected: Array<[string, ReturnType<typeof byAlice> & { detail?: string | null }]> = [
      ['agent.publish', byAlice('agent.publish', 'agent', agent.id, '审计助手')],
      ['agent.withhold', byAlice('agent.withhold', 'agent', agent.id, '审计助手')],
      ['ma.publish', byAlice('ma.publish', 'multi_agent', setup.id, '审计协作')],
      ['ma.withhold', byAlice('ma.withhold', 'multi_agent', setup.id, '审计协作')],
      ['kb.publish', byAlice('kb.publish', 'knowledge_base', kb.id, '审计手册')],
      ['kb.withhold', byAlice('kb.withhold', 'knowledge_base', kb.id, '审计手册')],
      ['api_key.create', { ...byAlice('api_key.create', 'api_key', key.id, '审计密钥'), detail: `智能体 ${agent.id}` }],
      ['api_key.revoke', byAlice('api_key.revoke', 'api_key', key.id, null)],
      ['ma.delete', byAlice('ma.delete', 'multi_agent', setup.id, '审计协作')],
      ['agent.delete', byAlice('agent.delete', 'agent', agent.id, '审计助手')],
      ['tool.delete', byAlice('tool.delete', 'tool', tool.id, 'audit_search')],
      ['kb.delete', byAlice('kb.delete', 'knowledge_base', kb.id, '审计手册')],
      ['service.delete', byAlice('service.delete', 'service', service.id, '审计服务')],
    ];
    for (const [action, entry] of expected) expect(await trail(action)).toEqual([{ detail: null, ...entry }]);
    expect(await trail('llm.delete')).toEqual([
      { action: 'llm.delete', actor_id: adminId, actor_name: 'audit_admin', target_kind: 'model', target_id: modelId, target_name: 'Audit-Chat', detail: null, address: '127.0.0.1' },
    ]);
  });

  it('records the deletion of a datasource', async () => {
    const shop = await createSampleShop('postgresql');
    try {
      const connection = expectOk(await t.call<{ id: string }>('/api/db/dbconnect/create_connection', connectionBody(shop), alice));
      expectOk(await t.call('/api/db/dbconnect/delete_connection_by_id', { id: connection.id }, alice));
      expect(await trail('datasource.delete')).toEqual([{ detail: null, ...byAlice('datasource.delete', 'datasource', connection.id, '门店数据-postgresql') }]);
    } finally {
      await shop.drop();
    }
  });

  it('lists entries to administrators only, newest first, filtered by actor, action and period, by page', async () => {
    expectCode(await t.call(LIST, {}), 40101, '请先登录');
    expectCode(await t.call(LIST, {}, alice), 40301, NOT_ADMIN);

    const total = await t.count('audit_entries');
    const first = expectOk(await t.call<Page<AuditEntry>>(LIST, { page: 1, page_size: 3 }, admin));
    expect(first.total).toBe(total);
    expect(first.list).toHaveLength(3);
    const times = first.list.map((entry) => Date.parse(entry.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = expectOk(await t.call<Page<AuditEntry>>(LIST, { page: 2, page_size: 3 }, admin));
    expect(second.list.map((entry) => entry.id)).not.toContain(first.list[0]!.id);

    const failed = expectOk(await t.call<Page<AuditEntry>>(LIST, { action: 'user.login_failed', page_size: 100 }, admin));
    expect(failed.list.map((entry) => entry.actor_name).sort()).toEqual(['audit_alice', 'nobody_here']);
    const mine = expectOk(await t.call<Page<AuditEntry>>(LIST, { actor: 'ALICE', page_size: 100 }, admin));
    expect(mine.total).toBeGreaterThan(10);
    expect(mine.list.every((entry) => entry.actor_name === 'audit_alice')).toBe(true);
    expect(expectOk(await t.call<Page<AuditEntry>>(LIST, { actor: "%' or 1=1 --" }, admin))).toEqual({ total: 0, list: [] });

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(expectOk(await t.call<Page<AuditEntry>>(LIST, { from: hourAgo, to: inAnHour }, admin)).total).toBe(total);
    expect(expectOk(await t.call<Page<AuditEntry>>(LIST, { from: inAnHour }, admin)).total).toBe(0);
    expect(expectOk(await t.call<Page<AuditEntry>>(LIST, { to: hourAgo }, admin)).total).toBe(0);

    expectCode(await t.call(LIST, { action: 'user.hack' }, admin), 40001, '参数 action 不合法：操作类型不存在');
    expectCode(await t.call(LIST, { from: 'yesterday' }, admin), 40001, /^参数 from 不合法：开始时间必须是 ISO 8601 时间/);
    expectCode(await t.call(LIST, { from: inAnHour, to: hourAgo }, admin), 40001, '参数 from 不合法：开始时间不能晚于结束时间');
  });

  it('keeps entries for the configured number of days: the retention upkeep prunes older ones', async () => {
    expectCode(
      await t.call('/api/system/property/update/batch', { items: [{ code: 'system.audit.retention_days', current_value: '0' }] }, admin),
      40001,
      '审计日志保留天数（system.audit.retention_days）必须在 1 到 3650 之间',
    );
    expectCode(
      await t.call('/api/system/property/update/batch', { items: [{ code: 'system.audit.retention_days', current_value: '三十' }] }, admin),
      40001,
      '审计日志保留天数（system.audit.retention_days）必须是整数',
    );
    await t.setProperty(admin, 'system.audit.retention_days', '30');
    await t.rows(sql`update audit_entries set created_at = now() - interval '31 days' where action = 'user.login_failed'`);
    await t.rows(sql`update audit_entries set created_at = now() - interval '29 days' where action = 'user.reject'`);
    const before = await t.count('audit_entries');

    await jobs.enqueue(t.database.db, { kind: RETENTION_JOB, payload: null, dedupeKey: RETENTION_JOB, maxAttempts: 1 });
    await jobs.idle([RETENTION_JOB]);

    expect(await trail('user.login_failed')).toEqual([]);
    expect(await trail('user.reject')).toHaveLength(1);
    expect(await t.count('audit_entries')).toBe(before - 2);
  });
});
