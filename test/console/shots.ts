import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the console's screenshots go (not committed; `npm test` writes them). */
const SHOTS = path.resolve('test-artifacts/console');

/**
 * A desktop page and a phone page in one browser context (same session), and `shoot(name)`:
 * the desktop page as it is now, then the same URL loaded fresh at phone width, both full-page
 * screenshots; the phone page must not be wider than the phone.
 */
export async function twoWidths(browser: Browser) {
  mkdirSync(SHOTS, { recursive: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-PE' });
  // A step that cannot happen fails with its own message, before the test's timeout.
  context.setDefaultTimeout(8000);
  const page = await context.newPage();
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  return {
    page,
    phone,
    async shoot(name: string, options: { reloadPhone?: boolean } = {}): Promise<void> {
      // Two tabs of one browser: the one in the background may not paint, so bring each forward.
      await page.bringToFront();
      await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
      await phone.bringToFront();
      if (options.reloadPhone !== false) {
        await phone.goto(page.url());
        if (await phone.locator('#usage').count())
          await phone.waitForSelector('#usage[data-rendered="true"]');
      }
      await phone.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.bringToFront();
      expect(overflow, `${name} is wider than a phone`).toBeLessThanOrEqual(0);
    },
  };
}

/** The visible text of the page's main content, whitespace collapsed. */
export async function mainText(page: Page): Promise<string> {
  return ((await page.locator('main').innerText()) ?? '').replace(/\s+/gu, ' ');
}
