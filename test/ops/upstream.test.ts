import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { LookupCreditsError } from '../../src/lookup/errors.js';
import { silentLogger } from '../../src/logger.js';
import { createOpsRuntime } from '../../src/ops/runtime.js';
import { openDatabase } from '../../src/store/sqlite.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';
import { fakeLookup } from '../helpers/fakes.js';

/** The ops middlewares in createApp's lookup path: below the cache, so they see upstream calls only. */
function opsRuntime() {
  const config = parseConfig({}, { CHASQUI_CONSOLE_PORT: 'off' });
  return createOpsRuntime({ config, db: openDatabase({ dir: ':memory:' }), logger: silentLogger() });
}

describe('ops upstream middleware in the app', () => {
  let harness: BotHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('times calls that reach the lookup API, not answers from the cache', async () => {
    const ops = opsRuntime();
    harness = await createBotHarness({ upstreamMiddleware: ops.upstreamMiddleware });
    await harness.send('ruc 20123456786');
    await harness.send('ruc 20123456786');
    const text = await ops.metrics.text();
    expect(text).toMatch(/chasqui_lookup_duration_seconds_count\{operation="ruc",outcome="ok"\} 1\n/);
    await ops.close();
  });

  it('raises credits-exhausted when the lookup API says the credits ran out', async () => {
    const ops = opsRuntime();
    harness = await createBotHarness({
      upstreamMiddleware: ops.upstreamMiddleware,
      lookup: () =>
        fakeLookup({
          ruc: async () => {
            throw new LookupCreditsError('ruc', 402, 'sin créditos');
          },
        }),
    });
    const replies = await harness.send('ruc 20123456786');
    expect(replies).toHaveLength(1);
    expect(ops.alerts.recent().map((alert) => alert.kind)).toEqual(['credits-exhausted']);
    expect(await ops.metrics.text()).toMatch(
      /chasqui_lookup_duration_seconds_count\{operation="ruc",outcome="error"\} 1\n/,
    );
    await ops.close();
  });
});
