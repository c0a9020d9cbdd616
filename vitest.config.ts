import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testProjects } from './test/projects.js';

/**
 * Three projects, sorted by what a test file does (test/projects.ts reads its imports and those of
 * the test helpers it uses; nothing to list by hand):
 * - browser: drives Chromium (imports playwright-core).
 * - integration: leaves the process or the in-memory world: spawns a process (node:child_process),
 *   opens a socket (node:http, node:net, …), writes to disk (a node:fs writer: a temporary folder,
 *   a file, a SQLite database on disk), starts one of our servers or connections
 *   (startSandbox, startConsole, runStart, runChat, runSandbox, fakeSocketFactory,
 *   startTestTransport, or a helper that does: the bot harness, the console harness, the app on a
 *   fake socket), renders a guide PDF or reads one with pdf.js (seconds of CPU a file), or is a
 *   fuzz run (`fuzz` in its file name).
 * - unit: everything else: pure code, in-memory fakes and in-memory SQLite, reading the source
 *   tree, property checks that take milliseconds. `npm run test:unit` is the quick loop; `npm test` runs all three.
 * Unit files share a worker (no module isolation): a unit test leaves no global state behind but
 * the environment and the timers, which test/setup/unit-globals.ts puts back after each file.
 */
const split = testProjects(fileURLToPath(new URL('.', import.meta.url)));

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // One line when the console's browser tests are skipped (no Chromium); CI requires them.
    globalSetup: ['test/console/browser-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: split.unit,
          isolate: false,
          setupFiles: ['test/setup/unit-globals.ts'],
        },
      },
      { extends: true, test: { name: 'integration', include: split.integration } },
      { extends: true, test: { name: 'browser', include: split.browser } },
    ],
  },
});
