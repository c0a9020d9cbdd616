import { updatePadron } from '../../src/padron/importer.js';
import type { BotHarness } from './bot-harness.js';

/**
 * Loads the harness sandbox's generated padrón (fictional rows in SUNAT's format, the fixtures'
 * RUCs and the sandbox's changed taxpayers included) into the harness's data directory as the
 * edition of `edition` (YYYY-MM-DD), then has the app's reader pick it up at once.
 */
export async function loadSandboxPadron(h: BotHarness, edition: string, rows = 2_000): Promise<void> {
  const result = await updatePadron({
    dataDir: h.dataDir,
    url: `${h.sandbox.padronUrl}?edition=${edition}&rows=${rows}`,
    minRowFraction: 0,
    sandbox: true,
  });
  if (result.status !== 'updated') throw new Error(`padrón not loaded: ${result.status}`);
  h.app.padron?.refresh();
}
