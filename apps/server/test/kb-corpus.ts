// Shared by the retrieval and knowledge-base chat tests: the corpus in test/fixtures/kb-corpus, ingested
// through the real upload call and ingestion jobs.
import fs from 'node:fs';
import path from 'node:path';
import type { KbDocument } from '@agent-platform/contracts';
import { expectOk } from './harness.js';
import type { KbTestContext, UploadFile } from './kb-fixtures.js';

export const CORPUS_DIR = path.resolve(import.meta.dirname, 'fixtures/kb-corpus');
export const corpusFiles = (names: string[]): UploadFile[] => names.map((name) => ({ name, content: fs.readFileSync(path.join(CORPUS_DIR, name)) }));
export const corpusDocuments = () => fs.readdirSync(CORPUS_DIR).filter((name) => /\.(md|txt)$/.test(name)).sort();

/** PGlite ships pgvector; the machine's PostgreSQL 15 does not. */
export const WITH_PGVECTOR = process.env.TEST_DB !== 'postgres';

/**
 * Uploads files into a knowledge base and waits until every document is ingested (usable in
 * `beforeAll`, unlike `expect.poll`). Throws when one fails.
 */
export async function ingest(c: KbTestContext, token: string, kbId: string, files: UploadFile[], timeoutMs = 120_000): Promise<KbDocument[]> {
  const uploaded = expectOk(await c.upload(token, kbId, files));
  if (uploaded.failed.length > 0) throw new Error(`upload refused: ${JSON.stringify(uploaded.failed)}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const docs = await c.documents(token, kbId);
    const failed = docs.filter((doc) => doc.status === 'failed');
    if (failed.length > 0) throw new Error(`ingestion failed: ${failed.map((doc) => `${doc.name}: ${doc.status_text}`).join('; ')}`);
    if (docs.length >= files.length && docs.every((doc) => doc.status === 'done')) return docs;
    if (Date.now() > deadline) throw new Error(`ingestion did not finish: ${docs.map((doc) => `${doc.name}: ${doc.status}`).join('; ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
