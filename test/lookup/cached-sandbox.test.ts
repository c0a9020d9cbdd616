import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '../../src/bot/ports.js';
import { createStoredLookup } from '../../src/app/stored-lookup.js';
import { createLookupClient, type LookupClient, LookupNotFoundError } from '../../src/lookup/index.js';
import { type SandboxHandle, startSandbox } from '../../src/sandbox/server.js';
import { openDatabase } from '../../src/app/database.js';

/** The cache in front of the real client, over loopback HTTP to the sandbox. */
describe('cached lookup against the sandbox', () => {
  let sandbox: SandboxHandle;
  let client: LookupClient;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    client = createLookupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, retries: 0 });
  });
  afterAll(async () => {
    await client.close();
    await sandbox.close();
  });

  it('sends one HTTP request for 100 concurrent identical lookups, then none', async () => {
    const db = openDatabase({ dir: ':memory:' });
    const events: UsageEvent[] = [];
    const api = createStoredLookup(client, {
      db,
      ttlSeconds: {},
      usage: { record: (e) => void events.push(e), month: () => [] },
    }).forChat('120363000000000001@g.us');
    sandbox.resetRequests();
    const results = await Promise.all(Array.from({ length: 100 }, () => api.ruc('20123456786')));
    expect(sandbox.requestCount('/ruc')).toBe(1);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    await api.ruc('20123456786');
    expect(sandbox.requestCount('/ruc')).toBe(1);
    expect(events.filter((e) => e.saved)).toHaveLength(100);

    await expect(api.ruc('20609876540')).rejects.toBeInstanceOf(LookupNotFoundError);
    const again = await api.ruc('20609876540').catch((e: unknown) => e);
    expect((again as LookupNotFoundError).upstreamMessage).toBe('No se encontró RUC');
    expect(sandbox.requestCount('/ruc')).toBe(2);
    db.close();
  });
});
