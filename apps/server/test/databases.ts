import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/platform/db/index.js';

/** The server the PostgreSQL tests use; every test file gets its own database, dropped afterwards. */
export const ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: where a second server process would connect. */
  url?: string;
  drop(): Promise<void>;
}

/** A migrated PGlite in memory, loaded from the dump the global setup made. */
export async function freshPglite(templateDump: string): Promise<TestDatabase> {
  const { readFile } = await import('node:fs/promises');
  const dump = new Blob([await readFile(templateDump)]);
  const database = await openPglite({ loadDataDir: dump });
  return { database, drop: () => database.close() };
}

/** A new PostgreSQL database copied from the migrated template database. */
export async function freshPostgres(template: string): Promise<TestDatabase> {
  const name = uniqueName('aip_t');
  await withAdminClient((client) => client.query(`create database "${name}" template "${template}"`));
  const url = databaseUrl(name);
  const database = await openPostgres(url, 5, () => {});
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
