import { afterEach, describe, expect, it } from 'vitest';
import { createStoredLookup } from '../../src/app/stored-lookup.js';
import { createLookupClient } from '../../src/lookup/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { createUsageRepo } from '../../src/store/usage.js';
import { GROUP, lima, schedulerHarness } from './helpers.js';

let sandbox: SandboxHandle | undefined;
let harness: ReturnType<typeof schedulerHarness> | undefined;

afterEach(async () => {
  await harness?.close();
  await sandbox?.close();
  harness = undefined;
  sandbox = undefined;
});

/**
 * End to end over loopback: the sandbox publishes the day's rate at 09:00 Lima; the lookups go
 * through the real client and the cached facade (whose provisional answers must not defeat retries).
 */
async function setup(start: Date, spec: string, scheduler: Record<string, unknown> = {}) {
  let now = start;
  sandbox = await startSandbox({ port: 0, ratePublishedAt: '09:00', now: () => now });
  const client = createLookupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, retries: 0 });
  harness = schedulerHarness({
    start,
    lookup: (db) => {
      const cached = createStoredLookup(client, {
        db,
        ttlSeconds: {},
        usage: createUsageRepo(db),
        now: () => harness?.clock.now() ?? start,
      });
      return (chatId) => cached.forChat(chatId);
    },
    config: {
      groups: [{ id: GROUP, schedules: [{ job: 'tc', spec }] }],
      scheduler: { rateRetries: 3, rateRetryIntervalMinutes: 30, ...scheduler },
    },
  });
  const h = harness;
  const at = async (when: Date) => {
    now = when;
    await h.at(when);
  };
  return { h, at, sandbox };
}

describe('scheduler against the sandbox', () => {
  it('waits for the 09:00 publication and then posts the day’s rate without a note', async () => {
    const { h, at, sandbox } = await setup(lima('2026-11-20 08:00'), '08:30');
    await at(lima('2026-11-20 08:30'));
    expect(h.sent).toHaveLength(0);
    expect(sandbox.requestCount('/tipo_de_cambio')).toBe(1);

    await at(lima('2026-11-20 09:00'));
    expect(sandbox.requestCount('/tipo_de_cambio')).toBe(2);
    expect(h.texts()).toHaveLength(1);
    expect(h.texts()[0]).toMatch(
      /^\*Tipo de cambio USD\* · 20\/11\/2026\nCompra: \*3\.\d{3}\*\nVenta: \*3\.\d{3}\*$/,
    );
  });

  it('posts Saturday’s rate on Sunday with "todos", saying so', async () => {
    const { h, at, sandbox } = await setup(lima('2026-11-22 07:00'), '08:00 todos');
    await at(lima('2026-11-22 08:00'));
    expect(sandbox.requestCount('/tipo_de_cambio')).toBe(1);
    expect(h.texts()[0]).toContain('Rige el tipo de cambio publicado el 21/11/2026.');
  });

  it('posts the monthly pension-fund rates on day 1', async () => {
    sandbox = await startSandbox({ port: 0, now: () => lima('2026-12-01 09:00') });
    const client = createLookupClient({
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      retries: 0,
    });
    harness = schedulerHarness({
      start: lima('2026-12-01 08:00'),
      lookup: client,
      config: { groups: [{ id: GROUP, schedules: [{ job: 'afp', spec: 'dia 1 09:00' }] }] },
    });
    await harness.at(lima('2026-12-01 09:00'));
    const [text] = harness.texts();
    expect(text).toContain('*Comisiones AFP* · 12/2026');
    for (const manager of ['HABITAT', 'INTEGRA', 'PRIMA', 'PROFUTURO'])
      expect(text?.toUpperCase()).toContain(manager);
    await harness.at(lima('2026-12-02 09:00'));
    expect(harness.sent).toHaveLength(1);
  });
});
