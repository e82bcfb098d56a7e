import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/platform/db/index.js';
import { databaseUrl, uniqueName, withAdminClient } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite dump and a PostgreSQL template database that each test file copies,
 * so no test file pays for initdb and migrations.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'aip-test-'));
  const dumpFile = path.join(dir, 'pglite-template.tar');
  const pglite = await openPglite({});
  const client = (pglite.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  // Uncompressed: every test file loads it, and gunzipping it each time costs more than reading a larger file.
  await fs.writeFile(dumpFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplateDump', dumpFile);

  const template = uniqueName('aip_tpl');
  await withAdminClient((admin) => admin.query(`create database "${template}"`));
  const postgres = await openPostgres(databaseUrl(template), 1, () => {});
  await postgres.close();
  project.provide('postgresTemplate', template);

  return async () => {
    await withAdminClient((admin) => admin.query(`drop database if exists "${template}" with (force)`));
    await fs.rm(dir, { recursive: true, force: true });
  };
}
