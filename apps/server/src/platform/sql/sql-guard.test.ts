import type { DbType } from '@agent-platform/contracts';
import { describe, expect, it } from 'vitest';
import { MYSQL_CORPUS } from '../../../test/fixtures/sql-guard-corpus/mysql.js';
import { POSTGRESQL_CORPUS } from '../../../test/fixtures/sql-guard-corpus/postgresql.js';
import { SAMPLE_TABLES } from '../../../test/fixtures/sample-shop.js';
import { guardSql, type GuardScope } from './sql-guard.js';

const corpora = { mysql: MYSQL_CORPUS, postgresql: POSTGRESQL_CORPUS };
const scopeOf = (dialect: DbType, columns: Record<string, string[]> = {}): GuardScope => ({
  tables: new Map<string, ReadonlySet<string> | null>(SAMPLE_TABLES.map((table) => [table, columns[table] ? new Set(columns[table]) : null])),
  schema: dialect === 'mysql' ? 'shop' : 'public',
});

describe.each(['mysql', 'postgresql'] as const)('the SQL guard on %s', (dialect) => {
  const corpus = corpora[dialect];
  const scope = scopeOf(dialect);

  it('refuses every attack of the corpus and lets every legitimate query through', () => {
    const letThrough = corpus.attacks.filter((attack) => guardSql(dialect, attack.sql, scope, 500).ok);
    const refused = corpus.legit.flatMap((sql) => {
      const result = guardSql(dialect, sql, scope, 500);
      return result.ok ? [] : [{ sql, reason: result.reason }];
    });
    console.log(
      `[${dialect}] corpus: ${corpus.attacks.length} attacks, ${corpus.attacks.length - letThrough.length} refused; ${corpus.legit.length} legitimate queries, ${corpus.legit.length - refused.length} allowed`,
    );
    expect(corpus.attacks.length + corpus.legit.length).toBeGreaterThanOrEqual(150);
    expect(letThrough).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('gives every refusal a Chinese reason', () => {
    for (const attack of corpus.attacks) {
      const result = guardSql(dialect, attack.sql, scope, 500);
      expect(result.ok ? '' : result.reason, attack.sql).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('adds a LIMIT of one row more than the cap, lowers a larger one, keeps a smaller one', () => {
    expect(guardSql(dialect, 'select id from orders', scope, 500)).toMatchObject({ ok: true, sql: 'select id from orders\nLIMIT 501', tables: ['orders'] });
    expect(guardSql(dialect, 'select id from orders;', scope, 500)).toMatchObject({ ok: true, sql: 'select id from orders\nLIMIT 501' });
    expect(guardSql(dialect, 'select id from orders limit 10', scope, 500)).toMatchObject({ ok: true, sql: 'select id from orders limit 10' });
    expect(guardSql(dialect, 'select id from orders limit 100000', scope, 500)).toMatchObject({ ok: true, sql: 'select id from orders limit 501' });
    expect(guardSql(dialect, 'select id from orders -- 注释', scope, 500)).toMatchObject({ ok: true, sql: 'select id from orders -- 注释\nLIMIT 501' });
  });

  it('lets only the columns an asset opens be named', () => {
    const narrow = scopeOf(dialect, { members: ['id', 'level', 'city'] });
    expect(guardSql(dialect, 'select level, count(*) as n from members group by level order by n', narrow, 500).ok).toBe(true);
    expect(guardSql(dialect, 'select name from members', narrow, 500)).toEqual({ ok: false, reason: '不允许访问列 name：它不在本数据资产开放的列中' });
    expect(guardSql(dialect, 'select * from members', narrow, 500)).toEqual({ ok: false, reason: '本数据资产只开放了部分列：请写出列名，不要用 *' });
    expect(guardSql(dialect, "select m.city from members m where m.name = '王伟'", narrow, 500).ok).toBe(false);
    // Joining a table whose columns are all open does not open the hidden ones.
    const hidden = { ...narrow, hidden: new Map([['members', new Set(['name', 'joined_on'])]]) };
    expect(guardSql(dialect, 'select m.name from members m join orders o on o.member_id = m.id', hidden, 500).ok).toBe(false);
    expect(guardSql(dialect, 'select name, order_amount from members m join orders o on o.member_id = m.id', hidden, 500)).toEqual({
      ok: false,
      reason: '不允许访问列 name：它不在本数据资产开放的列中',
    });
    expect(guardSql(dialect, 'select members.name from orders join members on members.id = orders.member_id', hidden, 500).ok).toBe(false);
    expect(guardSql(dialect, 'select m.* from members m join orders o on o.member_id = m.id', hidden, 500).ok).toBe(false);
    expect(guardSql(dialect, 'select o.*, m.level from members m join orders o on o.member_id = m.id', hidden, 500).ok).toBe(true);
    expect(guardSql(dialect, 'select t.name from (select name from members) t', hidden, 500).ok).toBe(false);
    expect(guardSql(dialect, 'with x as (select name from members) select * from x', hidden, 500).ok).toBe(false);
    if (dialect === 'postgresql') expect(guardSql(dialect, 'select m from members m', hidden, 500).ok).toBe(false);
  });

  it('names the table outside the asset', () => {
    const small = { tables: new Map([['orders', null]]), schema: 'public' };
    expect(guardSql(dialect, 'select * from orders o join stores s on s.id = o.store_id', small, 500)).toEqual({ ok: false, reason: '不允许访问表 stores：只能查询本数据资产中的表' });
  });
});
