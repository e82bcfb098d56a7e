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

/**
 * In a list's key columns, text that does not fit is cut with an ellipsis only where the full text is
 * a tooltip away (a `title` on it or an ancestor inside the cell); and the list fits the window
 * without a horizontal scroll bar.
 */
export async function expectListFits(table: Locator, keyColumns: number[]): Promise<void> {
  await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const report = await table.evaluate((element, columns) => {
    const scroller = element.querySelector('.ant-table-content, .ant-table-body') ?? element;
    const horizontal = scroller.scrollWidth - scroller.clientWidth;
    const cut: string[] = [];
    let checked = 0;
    for (const row of Array.from(element.querySelectorAll('tbody tr.ant-table-row'))) {
      const cells = row.querySelectorAll(':scope > td');
      for (const index of columns) {
        const cell = cells[index];
        if (!cell) continue;
        checked += 1;
        for (const node of [cell, ...Array.from(cell.querySelectorAll('*'))]) {
          if (!(node instanceof HTMLElement) || node.scrollWidth <= node.clientWidth + 1 || !node.textContent?.trim()) continue;
          const style = getComputedStyle(node);
          if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
          const titled = node.closest('[title]');
          if (!titled || !cell.contains(titled)) cut.push(node.textContent.trim());
        }
      }
    }
    return { horizontal, cut, checked };
  }, keyColumns);
  expect(report.checked, 'key cells were found').toBeGreaterThan(0);
  expect(report.cut, 'text cut off without a tooltip').toEqual([]);
  expect(report.horizontal, 'the list scrolls sideways').toBeLessThanOrEqual(1);
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
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}
