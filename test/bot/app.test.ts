import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.js';
import { SCHEDULES } from '../../src/bot/ports.js';
import { parseConfig } from '../../src/config.js';
import type { Group } from '../../src/lookup/schemas/index.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { createMemoryTransport } from '../../src/transports/memory.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';
import { lima, OTHER_GROUP, rateLookup } from '../scheduler/helpers.js';

describe('the real app through the harness', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await createBotHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('answers a RUC lookup from the sandbox with the rendered template', async () => {
    const replies = await harness.send('ruc 20123456786');
    expect(harness.texts(replies).join('\n')).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('stays silent on chatter and spends no API call', async () => {
    harness.sandbox.resetRequests();
    expect(await harness.send('la placa del camión está sucia')).toEqual([]);
    expect(await harness.send('ruc de la empresa?')).toEqual([]);
    expect(harness.sandbox.requestCount()).toBe(0);
  });

  it('answers a mistaken attempt without calling the API', async () => {
    harness.sandbox.resetRequests();
    const replies = await harness.send('ruc 2010007097');
    expect(replies).toHaveLength(1);
    expect(harness.sandbox.requestCount()).toBe(0);
  });

  it('serves a repeated lookup from the cache after a restart', async () => {
    await harness.send('placa abc-123');
    harness.sandbox.resetRequests();
    await harness.restart();
    const replies = await harness.send('placa ABC123');
    expect(harness.texts(replies).join('\n')).toContain('VOLVO');
    expect(harness.sandbox.requestCount('/placa')).toBe(0);
  });
});

describe('the app with groups from the messaging session (WhatsApp)', () => {
  it('gives a config group named, not identified, its schedule once the session loads its groups', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-app-'));
    const config = parseConfig(
      { dataDir: dir, groups: [{ name: 'Contabilidad', schedules: [{ job: 'tc', spec: '08:30' }] }] },
      {},
    );
    const session = { groups: [] as Group[] };
    const clock = createFakeClock(lima('2026-11-20 08:00'));
    const transport = createMemoryTransport();
    const app = createApp({
      config,
      transport,
      lookup: rateLookup('2026-11-20').lookup,
      now: () => clock.now(),
      groupSource: async () => session.groups,
    });
    try {
      await app.start(); // the socket has not opened yet: no groups
      await app.scheduler.idle();
      session.groups = [{ JID: OTHER_GROUP, Name: 'Contabilidad', Participants: [] } as unknown as Group];
      clock.set(lima('2026-11-20 08:01'));
      await app.scheduler.tick();
      expect(
        app.services.registry
          .get(SCHEDULES)
          ?.list(OTHER_GROUP)
          .map((e) => e.specText),
      ).toEqual(['08:30']);
      clock.set(lima('2026-11-20 08:30'));
      await app.scheduler.tick();
      const posts = transport.sent.filter((s) => s.chatId === OTHER_GROUP);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.message).toMatchObject({ kind: 'text', text: expect.stringContaining('20/11/2026') });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the configured holidays in dates typed in chat', () => {
  it('skips scheduler.holidays in `último día hábil`, from the config through to the lookup', async () => {
    const base = parseConfig({}, {});
    const harness = await createBotHarness({
      now: () => new Date('2026-11-22T15:00:00Z'), // Sunday
      config: { scheduler: { ...base.scheduler, holidays: ['2026-11-20'] } },
    });
    try {
      const replies = harness.texts(await harness.send('tc del último día hábil'));
      expect(replies).toHaveLength(1);
      // Friday 20 is a configured holiday: the last business day is Thursday 19, whose rate is
      // Wednesday 18's SBS close (read from BCRP, free).
      expect(replies[0]).toContain('*Tipo de cambio USD* · 19/11/2026');
      expect(replies[0]).toContain('al cierre del 18/11/2026');
      // No SBS close on the holiday: Saturday 21 repeats what SUNAT published on the 20th.
      const [saturday] = harness.texts(await harness.send('tc 21/11/2026'));
      expect(saturday).toContain('_Tipo de cambio publicado el 20/11/2026_');
      expect(saturday).toContain('al cierre del 19/11/2026');
    } finally {
      await harness.close();
    }
  });
});
