import { defineConfig } from 'vitest/config';

const apiTests = 'src/**/*.routes.test.ts';

/**
 * Test files at once: one per core. vitest's default (cores − 1) runs one file at a time on a 2-core
 * machine, and most of a file's time is spent starting it (importing the server, opening its database),
 * which a second worker overlaps. `TEST_WORKERS` overrides it.
 */
const workers = Number(process.env.TEST_WORKERS ?? 2);

/** Unit tests once; API tests once on embedded PGlite and once on a real PostgreSQL. */
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // Starting a test app (import, database) takes longer while other files share the cores.
    hookTimeout: 120_000,
    maxWorkers: workers,
    // A worker imports the server once for all the files it runs, not once per file: that import took
    // about half of an API test file's time. Each file still starts its own app on its own database; a
    // file that mocks a module loads the server afresh and unloads it after (login-lock.routes.test.ts).
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [apiTests] } },
      { extends: true, test: { name: 'api-pglite', include: [apiTests], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: [apiTests], env: { TEST_DB: 'postgres' } } },
    ],
  },
});
