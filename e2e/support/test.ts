import { test as base, expect, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

const VIOLATION_TAG = '[csp-violation]';

/** Violations seen in this worker's pages since the current test started. */
const violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

/** Reports every Content-Security-Policy violation of the context's pages (the browser's own notice and the DOM event). */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.addInitScript((tag) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`${tag} ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  }, VIOLATION_TAG);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(VIOLATION_TAG) || (message.type() === 'error' && /Content Security Policy/i.test(text))) {
      violations.push(`${message.location().url}: ${text}`);
    }
  });
}

/**
 * Every spec imports `test` from here: each page it opens, in any browser context, runs under the
 * server's Content-Security-Policy, and the test fails if the policy refused anything.
 */
export const test = base.extend<{ contentSecurityPolicy: void }, { watchedBrowser: void }>({
  watchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        await watchContentSecurityPolicy(context);
        return context;
      };
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await watchContentSecurityPolicy(context);
    await use(context);
  },
  contentSecurityPolicy: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern
    async ({}, use) => {
      violations.length = 0;
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
