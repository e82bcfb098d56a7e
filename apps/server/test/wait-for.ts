/**
 * Waits until `check` returns something other than `undefined`, `null` or `false` and returns it:
 * a test waits for the condition it needs, never for a fixed time. Throws after `timeoutMs`, naming
 * `what` and the last value seen (usable in `beforeAll`, unlike `expect.poll`).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { what = 'condition', timeoutMs = 10_000, intervalMs = 20 }: { what?: string; timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
