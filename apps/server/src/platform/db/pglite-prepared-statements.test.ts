import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_PARSERS, prepareFrequentPgliteStatements } from './pglite-prepared-statements.js';

describe('prepared statements on PGlite', () => {
  let client: PGlite;
  beforeEach(async () => {
    client = await PGlite.create();
    await client.exec(`create table notes (id int primary key, body text, meta jsonb, at timestamptz default now())`);
    prepareFrequentPgliteStatements(client);
  });
  afterEach(() => client.close());

  // `exec` (the simple protocol) is never prepared, so this look does not count itself.
  const prepared = async () =>
    ((await client.exec('select statement from pg_prepared_statements order by prepare_time'))[0]!.rows as Array<{ statement: string }>).map((row) => row.statement);

  it('prepares a statement on its second run and answers exactly as the ordinary path does', async () => {
    const insert = 'insert into notes (id, body, meta) values ($1, $2, $3::jsonb) returning id, body, meta';
    const answers = [];
    for (const id of [1, 2, 3]) answers.push((await client.query(insert, [id, `第 ${id} 条`, { id }])).rows);
    await client.query('select $1::text as once', ['一次']);

    expect(answers).toEqual([1, 2, 3].map((id) => [{ id, body: `第 ${id} 条`, meta: { id } }]));
    expect(await prepared()).toEqual([insert]);

    // Through drizzle too (rows as arrays, its own parsers for timestamps), the same rows either way.
    const db = drizzle({ client });
    const read = () => db.execute(sql`select id, body, meta, at from notes where id <= ${2} order by id`);
    const [first, second, third] = [await read(), await read(), await read()];
    expect(second.rows).toEqual(first.rows);
    expect(third.rows).toEqual(first.rows);
    expect(typeof (third.rows[0] as { at: unknown }).at).toBe('string');
    expect(await prepared()).toEqual([insert, 'select id, body, meta, at from notes where id <= $1 order by id']);
  });

  it("reports a statement's own error, and the next statements and transactions go on", async () => {
    const divide = 'select 10 / $1::int as quotient';
    await client.query(divide, [5]);
    await client.query(divide, [5]);
    await expect(client.query(divide, [0])).rejects.toMatchObject({ code: '22012', query: divide });
    const together = await Promise.all([
      client.query<{ quotient: number }>(divide, [2]),
      client.transaction(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n),
      client.query<{ quotient: number }>(divide, [10]),
    ]);
    expect([together[0].rows[0]!.quotient, together[1], together[2].rows[0]!.quotient]).toEqual([5, 0, 1]);
  });

  it('prepares again when the table under a statement changes its result type', async () => {
    const select = 'select * from notes where id = $1';
    await client.query('insert into notes (id, body) values (1, $1)', ['旧']);
    await client.query(select, [1]);
    await client.query(select, [1]);
    await client.exec('alter table notes add column extra text');
    const [row] = (await client.query<Record<string, unknown>>(select, [1])).rows;
    expect(row).toMatchObject({ id: 1, body: '旧', extra: null });
    expect((await client.query<Record<string, unknown>>(select, [1])).rows[0]).toHaveProperty('extra', null);
  });

  it('a statement that cannot be prepared fails as it would have', async () => {
    const broken = 'select * from missing_table where id = $1';
    await expect(client.query(broken, [1])).rejects.toThrow(/missing_table/);
    await expect(client.query(broken, [1])).rejects.toThrow(/missing_table/);
    expect(await prepared()).toEqual([]);
  });

  it("answers drizzle's text types the same when the client reads them as text itself (as openPglite sets it)", async () => {
    const db = drizzle({ client });
    await client.query(`insert into notes (id, body, at) values (1, '一', '2026-11-26 08:00:00+00')`);
    const read = () => db.execute(sql`select at, array[at, at] as ats, now() - at as age, at::date as day from notes where id = ${1}`);
    const before = (await read()).rows[0] as Record<string, unknown>;
    Object.assign(client.parsers, DRIZZLE_TEXT_PARSERS);
    const after = [(await read()).rows[0], (await read()).rows[0]] as Array<Record<string, unknown>>;
    expect(typeof before.at).toBe('string');
    for (const row of after) {
      expect(row.at).toEqual(before.at);
      expect(row.ats).toEqual(before.ats);
      expect(row.day).toEqual(before.day);
      expect(typeof row.age).toBe('string');
    }
  });
});
