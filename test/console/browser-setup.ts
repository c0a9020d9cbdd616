import { browserForTests, NO_BROWSER_LINE } from './browser.js';

/**
 * vitest globalSetup: says once, at the top of `npm test`, when the console's browser tests will
 * be skipped for want of a Chromium; fails the run instead under CHASQUI_REQUIRE_BROWSER=1.
 */
export default function setup(): void {
  if (!browserForTests()) process.stdout.write(`${NO_BROWSER_LINE}\n`);
}
