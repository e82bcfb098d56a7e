import { defineConfig } from 'vitest/config';

const apiTests = 'src/**/*.routes.test.ts';

/** Unit tests once; API tests once on embedded PGlite and once on a real PostgreSQL. */
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [apiTests] } },
      { extends: true, test: { name: 'api-pglite', include: [apiTests], env: { TEST_DB: 'pglite' } } },
      { extends: true, test: { name: 'api-postgres', include: [apiTests], env: { TEST_DB: 'postgres' } } },
    ],
  },
});
