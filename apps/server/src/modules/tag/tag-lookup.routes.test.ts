import type { Tag, TagType } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, startTestApp, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { createReferenceRegistry, type TaggedColumn } from '../../core/index.js';
import { createTagModule } from './index.js';

/** What a module storing tag names would be asked to do, recorded. */
function recordingReferences(tagType: TagType) {
  const calls: string[] = [];
  const references: TaggedColumn<Db> = {
    tagType,
    renameTag: async (_db: Db, oldName, newName) => {
      calls.push(`rename ${oldName}→${newName}`);
    },
    removeTags: async (_db: Db, names) => {
      calls.push(`remove ${names.join(',')}`);
    },
  };
  return { calls, references };
}

describe('tags for other modules: listing, resolving names, filters, and carrying renames over', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  const create = async (body: Record<string, unknown>) => expectOk(await t.call<Tag>('/api/tag/tag_create', body, admin));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signUp('tag_lookup_admin');
    adminId = (await t.userRow('tag_lookup_admin'))!.id as string;
    const product = await create({ tag_type: 'kb', name: '产品' });
    await create({ tag_type: 'kb', name: '手册', parent_id: product.id });
    await create({ tag_type: 'kb', name: 'FAQ', parent_id: product.id });
    await create({ tag_type: 'kb', name: '手册' }); // the same name on the first level
    await create({ tag_type: 'agent', name: '产品' });
  });
  afterAll(() => t.close());

  it('lists a type in tree order and resolves names ignoring case', async () => {
    const { tags } = createTagModule({ db: t.database.db });
    expect((await tags.listByType('kb')).map((tag) => `${tag.parent_name ?? ''}/${tag.name}`)).toEqual(['/产品', '产品/手册', '产品/FAQ', '/手册']);
    const resolved = await tags.resolveNames('kb', ['faq', '手册', '不存在', '不存在']);
    expect(resolved.tags.map((tag) => tag.name).sort()).toEqual(['FAQ', '手册', '手册']);
    expect(resolved.unknown).toEqual(['不存在']);
    expect(await tags.resolveNames('tool', [])).toEqual({ tags: [], unknown: [] });
  });

  it('a filter by a first-level tag also matches its children', async () => {
    const { tags } = createTagModule({ db: t.database.db });
    expect((await tags.namesForFilter('kb', '产品'))!.sort()).toEqual(['FAQ', '产品', '手册'].sort());
    expect(await tags.namesForFilter('kb', 'faq')).toEqual(['faq', 'FAQ']);
    expect(await tags.namesForFilter('kb', '随手写的')).toEqual(['随手写的']);
    expect(await tags.namesForFilter('agent', '产品')).toEqual(['产品']);
    expect(await tags.namesForFilter('agent', undefined)).toBeUndefined();
  });

  it('tells modules storing names about renames and deletions, only when no tag keeps the name', async () => {
    const kb = recordingReferences('kb');
    const agent = recordingReferences('agent');
    const { admin: service, tags } = createTagModule({ db: t.database.db, references: createReferenceRegistry([{ tagged: [kb.references] }, { tagged: [agent.references] }]) });
    const [product] = (await tags.listByType('kb')).filter((tag) => tag.name === '产品');
    const faq = (await tags.listByType('kb')).find((tag) => tag.name === 'FAQ')!;
    const topManual = (await tags.listByType('kb')).find((tag) => tag.name === '手册' && !tag.parent_id)!;

    await service.updateTag({ id: faq.id, name: '常见问题' });
    await service.updateTag({ id: topManual.id, name: '指南' }); // another 手册 remains under 产品
    await service.updateTag({ id: faq.id, color: 'green' });
    expect(kb.calls).toEqual(['rename FAQ→常见问题']);

    const extra = await service.createTag(adminId, { tag_type: 'kb', name: '指南', parent_id: product!.id });
    await service.deleteTag(product!.id); // 产品, 手册, 常见问题 and this 指南 go; the first-level 指南 stays
    expect(kb.calls.slice(1)).toEqual(['remove 产品,手册,常见问题']);
    expect(extra.parent_id).toBe(product!.id);
    expect(agent.calls).toEqual([]);
    expect((await tags.listByType('kb')).map((tag) => tag.name)).toEqual(['指南']);
  });
});
