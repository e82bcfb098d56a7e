import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.js';
import { binaryInteger, selectBinaryRows } from './pglite-binary-rows.js';

describe('binary rows from PGlite', () => {
  let client: PGlite;
  let db: Db;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`create table blobs (id int primary key, big bigint, data bytea)`);
    db = drizzle({ client }) as unknown as Db;
  });
  afterAll(() => client.close());

  it('answers integers and bytea as their bytes, NULL as null, the same as the text path', async () => {
    const large = new Uint8Array(3_000_000).map((_, index) => (index * 7) % 256);
    await client.query('insert into blobs values (1, 9007199254740991, $1), (2, -5, null), (3, 0, $2)', [large, new Uint8Array([0, 255, 92])]);
    const rows = await selectBinaryRows(db, sql`select id, big, data from blobs where id = any(${'{1,2,3}'}::int[]) order by id`);
    expect(rows?.map(([id, big]) => [binaryInteger(id!), binaryInteger(big!)])).toEqual([
      [1, 9007199254740991],
      [2, -5],
      [3, 0],
    ]);
    // A result larger than PGlite's receive buffer arrives in several pieces.
    expect(Buffer.from(rows![0]![2]!).equals(Buffer.from(large))).toBe(true);
    expect(rows![1]![2]).toBeNull();
    expect([...rows![2]![2]!]).toEqual([0, 255, 92]);
    const text = (await db.execute(sql`select data from blobs where id = 3`)) as unknown as { rows: Array<{ data: Uint8Array }> };
    expect([...text.rows[0]!.data]).toEqual([...rows![2]![2]!]);
  });

  it("throws the statement's own error with its code, and the next statements go on", async () => {
    const divide = (by: number) => selectBinaryRows(db, sql`select 10 / ${by}::int as quotient`);
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
    expect((await divide(2))!.map(([quotient]) => binaryInteger(quotient!))).toEqual([5]);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('prepares again when the table under a statement changes its result type', async () => {
    await client.exec(`create table shapes (id int, size int)`);
    await client.exec(`insert into shapes values (1, 2)`);
    const read = () => selectBinaryRows(db, sql`select * from shapes where id = ${1}::int`);
    expect((await read())![0]!.map((field) => binaryInteger(field))).toEqual([1, 2]);
    await client.exec(`alter table shapes add column extra int default 3`);
    expect((await read())![0]!.map((field) => binaryInteger(field))).toEqual([1, 2, 3]);
  });

  it('answers undefined for a database that is not PGlite, so that the caller takes the text path', async () => {
    expect(await selectBinaryRows({} as Db, sql`select 1`)).toBeUndefined();
  });
});
