import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** Where the first-hour walk keeps a picture of each step (E2E_SHOTS_DIR, else e2e/screenshots/first-hour). */
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots/first-hour');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every toast on screen now, with its title (to say which one was in the way). */
async function toastBoxes(page: Page): Promise<Array<{ title: string; box: Box }>> {
  return page.locator('[data-sonner-toast]').evaluateAll((toasts) =>
    toasts
      .map((toast) => ({ title: toast.querySelector('[data-title]')?.textContent ?? '', rect: toast.getBoundingClientRect(), style: getComputedStyle(toast) }))
      .filter(({ rect, style }) => rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0)
      .map(({ title, rect }) => ({ title, box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } })),
  );
}

/**
 * Clicks a control after checking that no toast covers it at that moment (a toast over a button is
 * what a new user trips over). Use it for every click of the walk.
 */
export async function clickClear(target: Locator): Promise<void> {
  // Menus and lists re-render while settling: finding the control may take a few tries; the toast check does not.
  let box: Box | null = null;
  await expect(async () => {
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
    box = await target.boundingBox();
    expect(box, 'the control has a box on screen').not.toBeNull();
  }).toPass({ timeout: 15_000 });
  const covering = (await toastBoxes(target.page())).filter((toast) => overlaps(toast.box, box!));
  expect(
    covering.map((toast) => toast.title),
    `no toast over ${String(target)}`,
  ).toEqual([]);
  await target.click();
}

const CUT_MARK = 'data-fit-cut';

interface CutText {
  mark: number;
  text: string;
  /** The titles on it, on an ancestor inside the item, or on an element inside it (the pointer lands on those too). */
  titles: string[];
  spilled: boolean;
}

/**
 * In the browser: within each scope (a key cell, a card), the text that does not fit — clipped by
 * overflow or an ellipsis, clamped to some lines, or spilling out of the scope — with the title that
 * goes with it. Each such element gets a mark so the test can hover it.
 */
function findCutText(scopes: Element[], mark: string): CutText[] {
  const flagged: Array<{ node: HTMLElement; text: string; titles: string[]; spilled: boolean }> = [];
  const clips = (style: CSSStyleDeclaration) => style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
  for (const scope of scopes) {
    const scopeRect = scope.getBoundingClientRect();
    for (const node of [scope, ...Array.from(scope.querySelectorAll('*'))]) {
      const text = node.textContent?.trim() ?? '';
      if (!(node instanceof HTMLElement) || !text || node.closest('.ant-tooltip, [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(node);
      const rect = node.getBoundingClientRect();
      if (style.display === 'none' || style.visibility === 'hidden' || rect.width === 0) continue;
      const cutAcross = clips(style) && style.overflowX !== 'auto' && style.overflowX !== 'scroll' && node.scrollWidth > node.clientWidth + 1;
      const lineClamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      const cutDown = (lineClamped || (style.overflowY === 'hidden' && style.whiteSpace !== 'nowrap')) && node.scrollHeight > node.clientHeight + 4;
      let clippedAbove = false;
      for (let parent = node.parentElement; parent && scope.contains(parent); parent = parent.parentElement) clippedAbove ||= clips(getComputedStyle(parent));
      const spilled = !clippedAbove && !clips(style) && (rect.right > scopeRect.right + 1 || rect.left < scopeRect.left - 1);
      if (!cutAcross && !cutDown && !spilled) continue;
      const titled = [node.closest('[title]'), ...Array.from(node.querySelectorAll('[title]'))].filter((element) => element && scope.contains(element));
      flagged.push({ node, text, titles: titled.map((element) => element!.getAttribute('title') ?? ''), spilled });
    }
  }
  // A cut element inside another cut one carries the tooltip, if there is one: keep the innermost.
  const innermost = flagged.filter((entry) => !flagged.some((other) => other !== entry && entry.node.contains(other.node)));
  return innermost.map((entry, index) => {
    entry.node.setAttribute(mark, String(index));
    return { mark: index, text: entry.text, titles: entry.titles, spilled: entry.spilled };
  });
}

const related = (a: string, b: string) => !!a && !!b && (a.includes(b) || b.includes(a));

/** The text of every tooltip on screen now. */
const tooltipTexts = (page: Page) => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').evaluateAll((tips) => tips.map((tip) => tip.textContent?.trim() ?? ''));

/**
 * Text that is cut must be a pointer away from whole: a `title` that says it, or a tooltip showing it
 * when hovered. Answers what is cut without either, and what spills out of its cell or card.
 */
async function cutWithoutTooltip(page: Page, scopes: Locator): Promise<string[]> {
  await page.locator(`[${CUT_MARK}]`).evaluateAll((marked, mark) => marked.forEach((element) => element.removeAttribute(mark)), CUT_MARK);
  const found = await scopes.evaluateAll(findCutText, CUT_MARK);
  const failures: string[] = [];
  for (const entry of found) {
    if (entry.spilled) {
      failures.push(`spills out: ${entry.text}`);
      continue;
    }
    if (entry.titles.some((title) => related(title, entry.text))) continue;
    const hovered = await page
      .locator(`[${CUT_MARK}="${entry.mark}"]`)
      .hover({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    const shown =
      hovered &&
      (await expect
        .poll(async () => (await tooltipTexts(page)).some((tip) => related(tip, entry.text)), { timeout: 2_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        ));
    await page.mouse.move(0, 0);
    if (!shown) failures.push(entry.text);
  }
  return failures;
}

/** Nothing around the list (the table's own scroller, the page's content area, the page) scrolls sideways. */
async function sidewaysScroll(list: Locator): Promise<number> {
  return list.evaluate((element) => {
    let worst = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const scroller = element.querySelector('.ant-table-content, .ant-table-body');
    for (let node: Element | null = scroller ?? element; node; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') worst = Math.max(worst, node.scrollWidth - node.clientWidth);
    }
    return worst;
  });
}

/**
 * A table at the window's width: in its key columns (indexes of the row's cells, a selection or
 * expand column counting), text that does not fit is cut only where a title or tooltip shows it
 * whole; nothing spills into the next cell; and no scroll bar runs sideways.
 */
export async function expectListFits(table: Locator, keyColumns: number[]): Promise<void> {
  const rows = table.locator('tbody tr.ant-table-row');
  // A list loads after its page: on a busy machine that can take a while.
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const cells = rows.locator(`:scope > td:is(${keyColumns.map((index) => `:nth-child(${index + 1})`).join(', ')})`);
  expect(await cells.count(), 'key cells were found').toBeGreaterThan(0);
  expect(await cutWithoutTooltip(table.page(), cells), 'text cut off without a tooltip').toEqual([]);
  expect(await sidewaysScroll(table), 'the list scrolls sideways').toBeLessThanOrEqual(1);
}

/** The same for a list of cards or entries: each item (e.g. `getByTestId('agent-card')`) is checked whole. */
export async function expectItemsFit(items: Locator): Promise<void> {
  await expect(items.first()).toBeVisible({ timeout: 20_000 });
  expect(await cutWithoutTooltip(items.page(), items), 'text cut off without a tooltip').toEqual([]);
  expect(await sidewaysScroll(items.first()), 'the list scrolls sideways').toBeLessThanOrEqual(1);
}

/**
 * No emoji drawn as text: avatars and emoji choices are images, so a system without a colour-emoji
 * font shows no empty boxes.
 */
export async function expectNoEmojiText(page: Page): Promise<void> {
  const found = await page.evaluate(() => {
    // ©, ® and ™ are pictographic by Unicode's list but every font has them.
    const emoji = /(?![©®™])\p{Extended_Pictographic}/u;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const hits: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!emoji.test(text) || !parent || parent.closest('[hidden], script, style')) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      hits.push(text.trim());
    }
    return hits;
  });
  expect(found, 'emoji shown as text').toEqual([]);
}

/** A picture of the step, e.g. `03-builder-light.png`. */
export async function stepShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  // The picture waits (at most a few seconds: it asserts nothing) for loading placeholders to go and dialogs to finish appearing.
  const settled = async (selector: string) =>
    page
      .locator(selector)
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
  await settled('.ant-skeleton');
  await settled('[class*="-zoom-appear"], [class*="-zoom-enter"], [class*="-fade-appear"], [class*="-fade-enter"]');
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}
