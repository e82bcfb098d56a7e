import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../test/databases.js';
import { binaryInteger, selectBinaryRows } from './binary-rows.js';
import type { Db } from './client.js';

interface Connection {
  db: Db;
  exec(text: string, values?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

async function pgliteConnection(): Promise<Connection> {
  const client = await PGlite.create();
  return { db: drizzlePglite({ client }) as unknown as Db, exec: (text, values) => client.query(text, values), close: () => client.close() };
}

describe('binary rows from PGlite', () => {
  let connection: Connection;
  const table = uniqueName('blobs');
  beforeAll(async () => {
    connection = await pgliteConnection();
    await connection.exec(`create table ${table} (id int primary key, big bigint, data bytea)`);
  });
  afterAll(async () => {
    await connection.exec(`drop table if exists ${table}`);
    await connection.close();
  });

  it('answers integers and bytea as their bytes, NULL as null, the same as the text path', async () => {
    const large = Buffer.from(new Uint8Array(3_000_000).map((_, index) => (index * 7) % 256));
    await connection.exec(`insert into ${table} values (1, 9007199254740991, $1), (2, -5, null), (3, 0, $2)`, [large, Buffer.from([0, 255, 92])]);
    const rows = (await selectBinaryRows(connection.db, sql`select id, big, data from ${sql.identifier(table)} where id = any(${'{1,2,3}'}::int[]) order by id`))!;
    expect(rows.map(([id, big]) => [binaryInteger(id!), binaryInteger(big!)])).toEqual([
      [1, 9007199254740991],
      [2, -5],
      [3, 0],
    ]);
    // A result larger than PGlite's receive buffer arrives in several pieces.
    expect(Buffer.from(rows[0]![2]!).equals(large)).toBe(true);
    expect(rows[1]![2]).toBeNull();
    expect([...rows[2]![2]!]).toEqual([0, 255, 92]);
  });

  it("throws the statement's own error with its code, and the next statements go on", async () => {
    const divide = (by: number) => selectBinaryRows(connection.db, sql`select 10 / ${by}::int as quotient`);
    await expect(divide(0)).rejects.toMatchObject({ code: '22012' });
    expect((await divide(2))!.map(([quotient]) => binaryInteger(quotient!))).toEqual([5]);
  });

  it('answers the new columns after the table under a statement changed', async () => {
    const shapes = uniqueName('shapes');
    await connection.exec(`create table ${shapes} (id int, size int)`);
    await connection.exec(`insert into ${shapes} values (1, 2)`);
    const read = () => selectBinaryRows(connection.db, sql`select * from ${sql.identifier(shapes)} where id = ${1}::int`);
    expect((await read())![0]!.map((field) => binaryInteger(field))).toEqual([1, 2]);
    await connection.exec(`alter table ${shapes} add column extra int default 3`);
    expect((await read())![0]!.map((field) => binaryInteger(field))).toEqual([1, 2, 3]);
    await connection.exec(`drop table ${shapes}`);
  });
});

it('answers undefined for a connection that is not PGlite (PostgreSQL, a transaction), so that the caller reads text', async () => {
  expect(await selectBinaryRows({} as Db, sql`select 1`)).toBeUndefined();
});
