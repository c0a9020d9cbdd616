import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Chromium the console's browser tests drive (playwright-core brings no browser): where
 * people already have one. CHROMIUM_PATH first, then Chromium or Google Chrome on the PATH or in
 * their usual places (Debian, Google's package, macOS), then Playwright's own download cache.
 * None found: the browser tests are skipped with one line saying how to get one, unless
 * CHASQUI_REQUIRE_BROWSER=1 (`.ci/run`), where that is a failure.
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  places: readonly string[] = USUAL_PLACES,
): string | undefined {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']) {
    const found = onPath(name, env);
    if (found) return found;
  }
  return places.find((place) => existsSync(place)) ?? inPlaywrightCache(env);
}

/** Debian's chromium, Google's .deb, macOS applications. */
const USUAL_PLACES = [
  '/usr/bin/chromium',
  '/usr/lib/chromium/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    const found = execFileSync('/bin/sh', ['-c', `command -v ${name}`], {
      encoding: 'utf8',
      stdio: 'pipe',
      env,
    });
    return found.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** `npx playwright install chromium` leaves browsers in ~/.cache/ms-playwright (or PLAYWRIGHT_BROWSERS_PATH). */
function inPlaywrightCache(env: NodeJS.ProcessEnv): string | undefined {
  const cache =
    env.PLAYWRIGHT_BROWSERS_PATH ??
    (process.platform === 'darwin'
      ? path.join(os.homedir(), 'Library/Caches/ms-playwright')
      : path.join(os.homedir(), '.cache/ms-playwright'));
  let entries: string[];
  try {
    entries = readdirSync(cache).sort().reverse(); // newest revision first
  } catch {
    return undefined;
  }
  const inside = [
    'chrome-linux/chrome',
    'chrome-linux64/chrome',
    'chrome-linux/headless_shell',
    'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
  ];
  for (const entry of entries.filter((e) => /^chromium(_headless_shell)?-\d+$/.test(e))) {
    const binary = inside.map((rel) => path.join(cache, entry, rel)).find((file) => existsSync(file));
    if (binary) return binary;
  }
  return undefined;
}

/** The one line `npm test` prints when it skips the browser tests. */
export const NO_BROWSER_LINE =
  'Pruebas del navegador (consola) omitidas: no se encontró Chromium. Instálelo (apt-get install chromium) ' +
  'o defina CHROMIUM_PATH. / Console browser tests skipped: no Chromium found.';

/**
 * The browser to use, or undefined to skip; throws when CHASQUI_REQUIRE_BROWSER=1 and none is
 * found, so CI cannot pass without them.
 */
export function browserForTests(
  env: NodeJS.ProcessEnv = process.env,
  places: readonly string[] = USUAL_PLACES,
): string | undefined {
  const found = findChromium(env, places);
  if (!found && env.CHASQUI_REQUIRE_BROWSER === '1') {
    throw new Error(`CHASQUI_REQUIRE_BROWSER=1 pero no hay Chromium: ${NO_BROWSER_LINE}`);
  }
  return found;
}

/** Flags for a container: no sandbox (root), no GPU, no network chatter of the browser itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
