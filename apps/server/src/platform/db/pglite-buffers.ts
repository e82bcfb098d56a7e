import fs from 'node:fs';
import path from 'node:path';

/** Above this much data on disk PGlite gets PostgreSQL's default shared buffers instead of the server's smaller ones. */
const LARGE_DATA_BYTES = 256 * 1024 * 1024;
const LARGE_SHARED_BUFFERS = 'shared_buffers=128MB';

function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/**
 * The tuning for a data folder as it is at start. Shared buffers are resident from the moment PGlite
 * opens, so the server's default keeps them small (48 MB: what a 10,000-segment knowledge base's searches
 * read). A large database reads far more per search than that holds: at 100,000 segments (~830 MB of
 * files) a full-text search's pages came back through the file system at every search, ~3 ms of its
 * ~12 ms of CPU; with 128 MB, 2–4 ms less per search (docs/decisions/pglite-memory.md). Read once at
 * start: a database that grows large while the server runs gets the larger buffers at its next start.
 */
export function tuningForData<Tuning extends { settings?: string[] }>(dataDir: string | undefined, tuning: Tuning): Tuning {
  if (!dataDir || !fs.existsSync(dataDir) || bytesUnder(dataDir) < LARGE_DATA_BYTES) return tuning;
  const settings = (tuning.settings ?? []).filter((setting) => !setting.startsWith('shared_buffers='));
  return { ...tuning, settings: [...settings, LARGE_SHARED_BUFFERS] };
}
