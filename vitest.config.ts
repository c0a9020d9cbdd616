import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // One line when the console's browser tests are skipped (no Chromium); CI requires them.
    globalSetup: ['test/console/browser-setup.ts'],
  },
});
