import type { DbType } from '@agent-platform/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSampleShop, SAMPLE_TABLES, type SampleShop } from '../../../test/fixtures/sample-shop.js';
import { MYSQL_CORPUS } from '../../../test/fixtures/sql-guard-corpus/mysql.js';
import { POSTGRESQL_CORPUS } from '../../../test/fixtures/sql-guard-corpus/postgresql.js';
import { openSqlClient, SqlClientError, type SqlClient, type SqlLimits } from './index.js';
import { guardSql } from './sql-guard.js';

const TIMEOUT_MS = 1500;
const limits: SqlLimits = { statementTimeoutMs: TIMEOUT_MS, maxRows: 500, maxCellChars: 2000, maxResultChars: 1_000_000 };
const corpora = { mysql: MYSQL_CORPUS, postgresql: POSTGRESQL_CORPUS };

async function failure(work: Promise<unknown>): Promise<SqlClientError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof SqlClientError) return error;
    throw error;
  }
  throw new Error('expected the statement to fail');
}

/** The second wall and the limits, on real servers with the sample shop (MariaDB and PostgreSQL). */
describe.each(['mysql', 'postgresql'] as DbType[])('read-only execution on %s', (dialect) => {
  let shop: SampleShop;
  let client: SqlClient;
  const scope = () => ({ tables: new Map<string, ReadonlySet<string> | null>(SAMPLE_TABLES.map((table) => [table, null])), schema: shop.dialect === 'mysql' ? shop.database : shop.schema });

  beforeAll(async () => {
    shop = await createSampleShop(dialect);
    client = openSqlClient(
      {
        dialect,
        host: shop.host,
        serverName: shop.host,
        port: shop.port,
        database: shop.database,
        schema: shop.schema,
        user: shop.user,
        password: shop.password,
        sslMode: 'disable',
        sslCa: '',
        connectTimeoutMs: 3000,
      },
      TIMEOUT_MS,
    );
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await shop?.drop();
  });

  it('runs every legitimate query of the corpus after the guard, and the database accepts each', async () => {
    const failed: Array<{ sql: string; error: string }> = [];
    for (const sql of corpora[dialect].legit) {
      const guarded = guardSql(dialect, sql, scope(), limits.maxRows);
      if (!guarded.ok) {
        failed.push({ sql, error: guarded.reason });
        continue;
      }
      await client.runReadOnly(guarded.sql, limits).catch((error: Error) => failed.push({ sql, error: error.message }));
    }
    console.log(`[${dialect}] ${corpora[dialect].legit.length - failed.length} of ${corpora[dialect].legit.length} legitimate queries ran`);
    expect(failed).toEqual([]);
  }, 120_000);

  it('answers rows as JSON: numbers as numbers, the cap marked as truncated', async () => {
    const result = await client.runReadOnly('select status, count(*) as n, sum(order_amount) as total from orders group by status order by status', limits);
    expect(result.columns).toEqual(['status', 'n', 'total']);
    expect(result.rows.map((row) => row[0])).toEqual([1, 2, 3]);
    expect(typeof result.rows[0]![1]).toBe('number');
    expect(typeof result.rows[0]![2]).toBe('number');
    expect(result.truncated).toBe(false);
    const capped = await client.runReadOnly('select id from orders order by id limit 21', { ...limits, maxRows: 20 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.rows).toHaveLength(20);
  });

  it('stops a SELECT that would run for minutes at the statement timeout', async () => {
    const sql = 'select count(*) from orders a cross join orders b cross join order_lines c';
    expect(guardSql(dialect, sql, scope(), 500).ok).toBe(true);
    const started = Date.now();
    const error = await failure(client.runReadOnly(sql, limits));
    const elapsed = Date.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('查询超过 2 秒未完成，已被中止：请缩小范围或增加筛选条件');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
    // The pool still works afterwards.
    expect((await client.runReadOnly('select count(*) from stores', limits)).rows).toEqual([[6]]);
  });

  it('refuses writes, DDL and a second statement in the database itself, past the guard', async () => {
    for (const sql of ['delete from orders', 'update members set level = 3', 'drop table order_lines', 'create table loot (id int)']) {
      expect((await failure(client.runReadOnly(sql, limits))).kind, sql).toMatch(/read_only|permission/);
    }
    expect((await failure(client.runReadOnly('select 1; delete from orders', limits))).kind).toBe('syntax');
    const [counted] = (await shop.exec('select count(*) as n from orders')) as Array<{ n: number | string }>;
    expect(Number(counted!.n)).toBe(10_000);
    expect((await shop.exec("select table_name from information_schema.tables where table_name = 'order_lines'")).length).toBeGreaterThan(0);
  });

  it('reduces database errors to their class and the names involved, never values', async () => {
    const column = await failure(client.runReadOnly('select amount_x from orders', limits));
    expect(column).toMatchObject({ kind: 'unknown_column', message: '列 amount_x 不存在' });
    const table = await failure(client.runReadOnly('select * from no_such_table', limits));
    expect(table.kind).toBe('unknown_table');
    expect(table.message).toMatch(/^表 (\S+\.)?no_such_table 不存在$/);
    // Both statements make the database quote a value in its error message.
    const leaking = dialect === 'mysql' ? "select updatexml(1, concat('~', (select name from stores where id = 1)), 1)" : 'select cast((select name from stores where id = 1) as integer)';
    const leak = await failure(client.runReadOnly(leaking, limits));
    expect(leak.message).not.toContain('南京西路店');
  });
});
