import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, uniqueName } from '../../../test/databases.js';
import { waitFor } from '../../../test/wait-for.js';
import type { Db } from './client.js';
import { WriteBehind, type WriteKind } from './write-behind.js';

const schema = uniqueName('write_behind');
const channel = `${schema}_told`;

describe('write-behind', () => {
  const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 2, options: `-c search_path=${schema}` });
  const db = drizzle({ client: pool }) as unknown as Db;
  let statements = 0;
  const counted = { execute: (query: SQL) => ((statements += 1), db.execute(query)) } as unknown as Db;

  beforeAll(async () => {
    await pool.query(`create schema ${schema}; set search_path = ${schema}`);
    await pool.query(`create table ${schema}.notes (text text not null); create table ${schema}.counts (n int not null check (n > 0))`);
  });
  afterAll(async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });

  const stored = async (table: string) => (await pool.query(`select * from ${schema}.${table} order by 1`)).rows.map((row) => Object.values(row)[0]);

  it('writes rows of every kind that arrive together in one statement, the tail last, and tells each kind', async () => {
    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: ADMIN_URL });
    await listener.connect();
    await listener.query(`listen ${channel}`);
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    const written: string[] = [];
    const notes: WriteKind<string> = {
      statement: (rows) => sql`insert into notes (text) select value from jsonb_array_elements_text(${JSON.stringify(rows)}::jsonb)`,
      tail: (rows) => sql`select pg_notify(${channel}, ${rows.join(',')})`,
      written: (rows) => written.push(`notes:${rows.join(',')}`),
    };
    const counts: WriteKind<number> = {
      statement: (rows) => sql`insert into counts (n) select value::int from jsonb_array_elements_text(${JSON.stringify(rows.map(String))}::jsonb)`,
      written: (rows) => written.push(`counts:${rows.join(',')}`),
    };
    const writes = new WriteBehind(counted);
    statements = 0;

    await Promise.all([writes.add(notes, ['一', '二']), writes.add(counts, [1]), writes.add(notes, ['三']), writes.add(counts, [2, 3])]);
    await waitFor(() => heard.length > 0, { what: 'the tail statement’s notification' });
    await listener.end();

    expect(statements).toBe(1);
    expect(await stored('notes')).toEqual(['一', '三', '二']);
    expect(await stored('counts')).toEqual([1, 2, 3]);
    expect(written).toEqual(['notes:一,二,三', 'counts:1,2,3']);
    expect(heard).toEqual(['一,二,三']);
  });

  it('fails only the caller whose rows cannot be stored', async () => {
    await pool.query(`truncate ${schema}.counts`);
    const failed: number[][] = [];
    const counts: WriteKind<number> = {
      statement: (rows) => sql`insert into counts (n) select value::int from jsonb_array_elements_text(${JSON.stringify(rows.map(String))}::jsonb)`,
      failed: (rows) => failed.push(rows),
    };
    const writes = new WriteBehind(db);

    const results = await Promise.allSettled([writes.add(counts, [4]), writes.add(counts, [0]), writes.add(counts, [5, 6])]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('counts')).toEqual([4, 5, 6]);
    expect(failed).toEqual([[0]]);
  });
});
