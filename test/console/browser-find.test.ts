import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserForTests, findChromium } from './browser.js';

let dir: string;
let emptyPath: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-browser-find-'));
  emptyPath = path.join(dir, 'bin');
  mkdirSync(emptyPath);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An executable file at `rel` under the temp dir. */
function executable(rel: string): string {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, 0o755);
  return file;
}

describe('finding a Chromium for the console browser tests', () => {
  it('takes CHROMIUM_PATH first', () => {
    expect(findChromium({ CHROMIUM_PATH: '/opt/mi-chromium/chrome', PATH: emptyPath }, [])).toBe(
      '/opt/mi-chromium/chrome',
    );
  });

  it('finds Google Chrome on the PATH when there is no Chromium', () => {
    const chrome = executable('bin/google-chrome');
    expect(findChromium({ PATH: emptyPath }, [])).toBe(chrome);
  });

  it("finds the newest browser in Playwright's download cache", () => {
    executable('pw/chromium-1100/chrome-linux/chrome');
    const newest = executable('pw/chromium-1187/chrome-linux/chrome');
    executable('pw/firefox-1400/firefox/firefox');
    expect(findChromium({ PATH: emptyPath, PLAYWRIGHT_BROWSERS_PATH: path.join(dir, 'pw') }, [])).toBe(
      newest,
    );
  });

  it('skips without one, and fails when CHASQUI_REQUIRE_BROWSER=1 (CI)', () => {
    const none = { PATH: emptyPath, PLAYWRIGHT_BROWSERS_PATH: path.join(dir, 'nada') };
    expect(browserForTests(none, [])).toBeUndefined();
    expect(() => browserForTests({ ...none, CHASQUI_REQUIRE_BROWSER: '1' }, [])).toThrow(/CHROMIUM_PATH/);
  });
});
