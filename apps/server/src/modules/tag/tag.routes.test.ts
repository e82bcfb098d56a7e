import type { SubTag, Tag, TagNode } from '@agent-platform/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCode, expectOk, startTestApp, type TestApp } from '../../../test/harness.js';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('tags: create, query, update, delete; administrators only change them', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let adminId: string;
  const create = async (body: Record<string, unknown>) => expectOk(await t.call<Tag>('/api/tag/tag_create', body, admin));
  const update = (body: Record<string, unknown>) => t.call<Tag>('/api/tag/tag_update', body, admin);
  const tree = async (body: Record<string, unknown>, token = admin) => expectOk(await t.call<TagNode[]>('/api/tag/tag_query', body, token));
  const names = (nodes: Array<{ name: string; children?: Array<{ name: string }> }>) =>
    nodes.map((node) => (node.children ? `${node.name}[${node.children.map((child) => child.name).join(',')}]` : node.name));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('tag_admin');
    alice = await t.signUp('tag_alice');
    adminId = (await t.userRow('tag_admin'))!.id as string;
  });
  afterAll(() => t.close());

  it('creates a first-level tag and a child; server-owned fields in the body are ignored', async () => {
    const parent = await create({ tag_type: 'kb', name: ' 产品 ', color: 'blue', created_by: MISSING_ID, sort: 9, id: MISSING_ID });
    expect(parent).toMatchObject({ name: '产品', tag_type: 'kb', parent_id: null, color: 'blue', sort: 0, created_by: adminId });
    expect(parent.id).not.toBe(MISSING_ID);
    const child = await create({ tag_type: 'kb', name: '手册', parent_id: parent.id });
    expect(child).toMatchObject({ name: '手册', parent_id: parent.id, color: null, sort: 0 });
    const second = await create({ tag_type: 'kb', name: '说明书', parent_id: parent.id });
    expect(second.sort).toBe(1);
    expect(names(await tree({ tag_type: 'kb' }))).toEqual(['产品[手册,说明书]']);
  });

  it('answers the tree to everyone signed in, filtered by type and keyword', async () => {
    const policy = await create({ tag_type: 'kb', name: '制度' });
    await create({ tag_type: 'kb', name: '人事手册', parent_id: policy.id });
    await create({ tag_type: 'agent', name: '客服' });
    expect(names(await tree({}, alice))).toEqual(['客服[]', '产品[手册,说明书]', '制度[人事手册]']);
    expect(names(await tree({ tag_type: 'kb', keyword: '手册' }, alice))).toEqual(['产品[手册]', '制度[人事手册]']);
    expect(names(await tree({ tag_type: 'kb', keyword: '制度' }, alice))).toEqual(['制度[人事手册]']);
    expect(await tree({ tag_type: 'tool' }, alice)).toEqual([]);
    expectCode(await t.call('/api/tag/tag_query', {}), 40101);
  });

  it('query_sub_tags lists a type flat in tree order, each child with its parent name', async () => {
    const flat = expectOk(await t.call<SubTag[]>('/api/tag/query_sub_tags', { tag_type: 'kb' }, alice));
    expect(flat.map((tag) => [tag.name, tag.parent_name])).toEqual([
      ['产品', null],
      ['手册', '产品'],
      ['说明书', '产品'],
      ['制度', null],
      ['人事手册', '制度'],
    ]);
    expectCode(await t.call('/api/tag/query_sub_tags', {}, alice), 40001, /标签类型只能是/);
    expectCode(await t.call('/api/tag/query_sub_tags', { tag_type: 'user' }, alice), 40001, /标签类型只能是/);
  });

  it('refuses bad input in Chinese', async () => {
    const bad = async (body: Record<string, unknown>, msg: RegExp) => expectCode(await t.call('/api/tag/tag_create', body, admin), 40001, msg);
    await bad({ tag_type: 'kb', name: '' }, /请输入标签名称/);
    await bad({ tag_type: 'kb', name: '   ' }, /请输入标签名称/);
    await bad({ tag_type: 'kb' }, /请输入标签名称/);
    await bad({ tag_type: 'kb', name: '长'.repeat(21) }, /标签名称不能超过 20 个字符/);
    await bad({ tag_type: 'kb', name: 'a\u0000b' }, /控制字符/);
    await bad({ tag_type: 'folder', name: '甲' }, /标签类型只能是/);
    await bad({ name: '甲' }, /标签类型只能是/);
    await bad({ tag_type: 'kb', name: '甲', color: '#ff0000' }, /标签颜色/);
    await bad({ tag_type: 'kb', name: '甲', parent_id: 'x' }, /上级标签 id格式不正确/);
    expect(await create({ tag_type: 'tool', name: '长'.repeat(20) })).toMatchObject({ name: '长'.repeat(20) });
    expectCode(await update({ id: 'nope' }), 40001, /标签 id格式不正确/);
    expectCode(await update({ id: MISSING_ID, sort: -1 }), 40001, /排序不能小于 0/);
  });

  it('keeps names unique per type and parent, ignoring case', async () => {
    const ops = await create({ tag_type: 'tool', name: 'DevOps' });
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'tool', name: 'devops' }, admin), 40901, /同一级下已有名为「devops」的工具标签/);
    await create({ tag_type: 'agent', name: 'devops' }); // another type
    const child = await create({ tag_type: 'tool', name: 'CI', parent_id: ops.id });
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'tool', name: 'ci', parent_id: ops.id }, admin), 40901);
    await create({ tag_type: 'tool', name: 'ci' }); // same name, other parent (first level)
    const other = await create({ tag_type: 'tool', name: 'Build' });
    expectCode(await update({ id: other.id, name: 'DEVOPS' }), 40901, /DEVOPS/);
    expectCode(await update({ id: child.id, parent_id: null }), 40901, /「CI」/); // the first level has a `ci`
    expect((await t.rows(sql`select name from tags where id = ${child.id} and parent_id = ${ops.id}`)).length).toBe(1);
  });

  it('nests one level only', async () => {
    const root = await create({ tag_type: 'service', name: '外部' });
    const child = await create({ tag_type: 'service', name: '天气', parent_id: root.id });
    const other = await create({ tag_type: 'service', name: '内部' });
    const kbTag = await create({ tag_type: 'kb', name: '服务类' });
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'service', name: '三级', parent_id: child.id }, admin), 40001, /标签最多两级：「天气」已是子标签/);
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'service', name: '跨类型', parent_id: kbTag.id }, admin), 40001, /上级标签必须也是服务标签/);
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'service', name: '孤儿', parent_id: MISSING_ID }, admin), 40401, '上级标签不存在');
    expectCode(await update({ id: root.id, parent_id: other.id }), 40001, /「外部」下有子标签，不能成为其他标签的子标签/);
    expectCode(await update({ id: other.id, parent_id: child.id }), 40001, /已是子标签/);
    expectCode(await update({ id: other.id, parent_id: other.id }), 40001, /不能作为自己的上级标签/);
    expectCode(await update({ id: other.id, parent_id: kbTag.id }), 40001, /上级标签必须也是服务标签/);
  });

  it('renames, recolours, moves between parents and to the first level', async () => {
    const [a, b] = [await create({ tag_type: 'ma', name: '团队甲' }), await create({ tag_type: 'ma', name: '团队乙' })];
    const member = await create({ tag_type: 'ma', name: '成员', parent_id: a.id, color: 'red' });
    const renamed = expectOk(await update({ id: member.id, name: '骨干', color: null }));
    expect(renamed).toMatchObject({ name: '骨干', color: null, parent_id: a.id });
    expect(new Date(renamed.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(member.updated_at).getTime());
    expect(expectOk(await update({ id: member.id, parent_id: b.id }))).toMatchObject({ parent_id: b.id, sort: 0 });
    expect(expectOk(await update({ id: member.id, parent_id: null }))).toMatchObject({ parent_id: null, sort: 2 });
    expect(expectOk(await update({ id: member.id, tag_type: 'kb' }))).toMatchObject({ tag_type: 'ma' }); // the type is fixed
    expect(names(await tree({ tag_type: 'ma' }))).toEqual(['团队甲[]', '团队乙[]', '骨干[]']);
    expectCode(await update({ id: MISSING_ID, name: '无' }), 40401, '标签不存在');
    expectCode(await update({ id: a.id, parent_id: MISSING_ID }), 40401, '上级标签不存在');
  });

  it('moves a tag to a position among its siblings', async () => {
    const [x, y, z] = [await create({ tag_type: 'asset', name: 'X' }), await create({ tag_type: 'asset', name: 'Y' }), await create({ tag_type: 'asset', name: 'Z' })];
    expectOk(await update({ id: z.id, sort: 0 }));
    expect(names(await tree({ tag_type: 'asset' }))).toEqual(['Z[]', 'X[]', 'Y[]']);
    expectOk(await update({ id: z.id, sort: 99 }));
    expect(names(await tree({ tag_type: 'asset' }))).toEqual(['X[]', 'Y[]', 'Z[]']);
    expectOk(await update({ id: x.id, sort: 1 }));
    expect((await tree({ tag_type: 'asset' })).map((tag) => [tag.name, tag.sort])).toEqual([
      ['Y', 0],
      ['X', 1],
      ['Z', 2],
    ]);
    expect(y.sort).toBe(1);
  });

  it('deleting a parent deletes its children', async () => {
    const root = await create({ tag_type: 'agent', name: '待删除' });
    const child = await create({ tag_type: 'agent', name: '子', parent_id: root.id });
    expectOk(await t.call('/api/tag/tag_delete', { id: root.id }, admin));
    expect(await t.rows(sql`select id from tags where id in (${root.id}, ${child.id})`)).toEqual([]);
    expectCode(await t.call('/api/tag/tag_delete', { id: root.id }, admin), 40401, '标签不存在');
    expectCode(await t.call('/api/tag/tag_delete', {}, admin), 40001, /缺少标签 id/);
  });

  it('refuses changes by anyone but an administrator (40301), changing nothing', async () => {
    const tag = await create({ tag_type: 'agent', name: '只读' });
    const before = await t.count('tags');
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '越权' }, alice), 40301, '需要管理员权限');
    expectCode(await t.call('/api/tag/tag_update', { id: tag.id, name: '越权' }, alice), 40301, '需要管理员权限');
    expectCode(await t.call('/api/tag/tag_delete', { id: tag.id }, alice), 40301, '需要管理员权限');
    expectCode(await t.call('/api/tag/tag_create', { tag_type: 'agent', name: '匿名' }), 40101);
    expect(await t.count('tags')).toBe(before);
    expect((await t.rows(sql`select name from tags where id = ${tag.id}`))[0]).toEqual({ name: '只读' });
  });
});
