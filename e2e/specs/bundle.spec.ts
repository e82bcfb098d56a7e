import zlib from 'node:zlib';
import { expect, test, type Page } from '../support/test';

/** Spec budget: the JavaScript /login loads, gzip, in total. */
const LOGIN_JS_BUDGET_BYTES = 350 * 1024;

async function loadLogin(page: Page): Promise<{ scripts: Map<string, Buffer>; readyMs: number }> {
  const scripts = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.body().then((body) => void scripts.set(response.url(), body)));
  });
  // The moment the sign-in form can be used: the submit button is in the page and enabled.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const button = document.querySelector<HTMLButtonElement>('form#login button[type="submit"]');
      if (button && !button.disabled) {
        (window as unknown as { __formReadyAt: number }).__formReadyAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeEnabled();
  await expect(page.getByLabel('用户名', { exact: true })).toBeEditable();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const readyMs = await page.evaluate(() => (window as unknown as { __formReadyAt: number }).__formReadyAt);
  return { scripts, readyMs };
}

test('the JavaScript of /login stays within 350 KB gzip, and the form is usable quickly', async ({ browser }, testInfo) => {
  const runs: number[] = [];
  let scripts = new Map<string, Buffer>();
  for (let run = 0; run < 3; run += 1) {
    const context = await browser.newContext(); // a cold cache every time
    const page = await context.newPage();
    const result = await loadLogin(page);
    runs.push(result.readyMs);
    scripts = result.scripts;
    await context.close();
  }

  const sizes = [...scripts].map(([url, body]) => ({
    file: new URL(url).pathname,
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
  }));
  const totalGzip = sizes.reduce((sum, entry) => sum + entry.gzip, 0);
  const totalRaw = sizes.reduce((sum, entry) => sum + entry.raw, 0);
  const median = [...runs].sort((a, b) => a - b)[1] ?? 0;

  const report = {
    loginScripts: sizes.length,
    loginJsRawKB: +(totalRaw / 1024).toFixed(1),
    loginJsGzipKB: +(totalGzip / 1024).toFixed(1),
    budgetGzipKB: LOGIN_JS_BUDGET_BYTES / 1024,
    timeToUsableFormMs: runs.map((ms) => Math.round(ms)),
    timeToUsableFormMedianMs: Math.round(median),
  };
  console.log(`[bundle] /login JavaScript: ${sizes.length} files, ${report.loginJsRawKB} KB raw, ${report.loginJsGzipKB} KB gzip (budget ${report.budgetGzipKB} KB)`);
  console.log(`[bundle] time to a usable sign-in form (cold cache, loopback): ${report.timeToUsableFormMs.join(' / ')} ms, median ${report.timeToUsableFormMedianMs} ms`);
  await testInfo.attach('login-bundle.json', { body: JSON.stringify({ ...report, files: sizes }, null, 2), contentType: 'application/json' });

  expect(totalGzip).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // No page chunk of the authenticated area may be part of it (code-split by route).
  expect(sizes.map((entry) => entry.file).filter((file) => /AppLayout|SystemAccountPage|AccountInfoPage|Model\w*Page/.test(file))).toEqual([]);
});
