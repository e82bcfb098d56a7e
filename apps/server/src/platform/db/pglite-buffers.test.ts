import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_TUNING } from './client.js';
import { tuningForData } from './pglite-buffers.js';

describe("PGlite's shared buffers by the data on disk", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-buffers-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps the small buffers for a new or small database and gives a large one 128 MB', () => {
    expect(tuningForData(undefined, PGLITE_TUNING)).toBe(PGLITE_TUNING);
    expect(tuningForData(path.join(dir, 'missing'), PGLITE_TUNING)).toBe(PGLITE_TUNING);
    fs.mkdirSync(path.join(dir, 'base', '5'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'base', '5', 'small'), Buffer.alloc(1024));
    expect(tuningForData(dir, PGLITE_TUNING)).toBe(PGLITE_TUNING);
    // Sparse files: sizes as PostgreSQL's relation files would have them, without writing 300 MB.
    for (const name of ['16384', '16384.1']) {
      const file = path.join(dir, 'base', '5', name);
      fs.writeFileSync(file, '');
      fs.truncateSync(file, 150 * 1024 * 1024);
    }
    const large = tuningForData(dir, PGLITE_TUNING);
    expect(large.settings).toEqual(['shared_buffers=128MB']);
    expect(large.v8Flags).toEqual(PGLITE_TUNING.v8Flags);
  });
});
