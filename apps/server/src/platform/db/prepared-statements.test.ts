import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_URL } from '../../../test/databases.js';
import { prepareFrequentStatements, StatementNames } from './prepared-statements.js';

describe('prepared statements', () => {
  it('prepares a statement on its second run, on each connection, and leaves one-offs alone', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    prepareFrequentStatements(pool);
    try {
      const frequent = { text: 'select $1::int + 1 as answer' };
      const answers: number[] = [];
      for (const value of [1, 2, 3]) answers.push((await pool.query<{ answer: number }>(frequent, [value])).rows[0]!.answer);
      await pool.query({ text: 'select $1::text as once' }, ['一次']);
      const prepared = await pool.query<{ statement: string }>('select statement from pg_prepared_statements');

      expect(answers).toEqual([2, 3, 4]);
      expect(prepared.rows.map((row) => row.statement)).toEqual([frequent.text]);
    } finally {
      await pool.end();
    }
  });

  it('keeps statements apart in a transaction that fails and goes on with the next', async () => {
    const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    prepareFrequentStatements(pool);
    const client = await pool.connect();
    try {
      const divide = { text: 'select 10 / $1::int as quotient' };
      await client.query('begin');
      await client.query(divide, [5]);
      await expect(client.query(divide, [0])).rejects.toThrow(/division by zero/);
      await client.query('rollback');
      expect((await client.query<{ quotient: number }>(divide, [2])).rows[0]!.quotient).toBe(5);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('names one text one way, and stops naming new statements past its bound', () => {
    const names = new StatementNames();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^aip_[0-9a-f]{40}$/);
    expect(names.nameFor('select 1')).toBe(name);
    for (let i = 0; i < 600; i += 1) {
      names.nameFor(`select ${i + 2}`);
      names.nameFor(`select ${i + 2}`);
    }
    expect(names.nameFor('select 400')).toMatch(/^aip_/);
    expect(names.nameFor('select 599')).toBeUndefined();
    expect(names.nameFor('select 1')).toBe(name);
  });
});
