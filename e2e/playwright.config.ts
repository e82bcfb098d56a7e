import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SCRIPTED_LLM_PORT } from './support/constants';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;

// One fresh data folder per run (set once in the runner; workers inherit the environment).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'agent-platform-e2e-'));

const webDist = path.join(repoRoot, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  throw new Error('apps/web/dist is missing: build the web app first (npm run build)');
}

/** Debian's Chromium, never a downloaded browser. */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry: 62 long walks share 2 cores with the server, so a rare one misses a timing (first-hour's
  // dark walk once in seven full runs, Nov 26); a test that passes on its retry is still reported as flaky.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The very first account must be registered before anything else exists: it becomes the administrator.
    { name: 'first-user', testMatch: /first-user\.spec\.ts/ },
    { name: 'app', testIgnore: /first-user\.spec\.ts/, dependencies: ['first-user'] },
  ],
  webServer: [
    {
      // E2E_SERVER_COMMAND lets the suite run the server from source (`node --import tsx apps/server/src/main.ts`).
      command: process.env.E2E_SERVER_COMMAND ?? 'node apps/server/dist/main.js',
      cwd: repoRoot,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // The scripted model server; specs may create models as non-administrators.
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        // Specs find conversations by their question; model-written titles are covered by the API tests.
        CONVERSATION_TITLES: 'question',
      },
    },
    {
      // The scripted OpenAI-compatible model server: the models the specs create point at it.
      command: `node --import tsx packages/scripted-llm/src/cli.ts --port ${SCRIPTED_LLM_PORT} --remote-script`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${SCRIPTED_LLM_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
