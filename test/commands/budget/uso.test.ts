import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from '../../../commands/budget/uso.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { captureLogger } from '../../helpers/fakes.js';
import { ADMIN_PHONE, jid } from '../../helpers/messages.js';

/**
 * `uso` through the real app: credits spent are answered lookups not served by the cache, failed
 * calls are listed apart, and direct chats never show a phone number.
 */
const NOW = new Date('2026-11-22T15:00:00Z');

describe('uso with the messaging host', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await createBotHarness({ now: () => NOW });
  });
  afterAll(async () => {
    await h.close();
  });

  it('counts failed calls apart from the credits used and hides direct-chat numbers', async () => {
    h.sandbox.injectFault({ path: '/placa', kind: 'status', status: 503, times: 1 });
    h.sandbox.injectFault({ path: '/ruc', kind: 'credits', times: 1 });
    expect(h.texts(await h.send('placa ABC123'))[0]).toContain('no responde');
    expect(h.texts(await h.send('ruc 20123456786'))[0]).toContain('créditos');
    h.sandbox.clearFaults();
    await h.send('placa ABC123'); // spends a credit
    await h.send('placa ABC123'); // from the cache
    await h.send('placa B7X456', { isGroup: false }); // direct chat of the admin
    const [reply] = h.texts(await h.send('uso'));
    expect(reply).toContain('Consultas: *3* · créditos usados: *2* · ahorradas por la caché: *1*');
    expect(reply).toContain('Fallidas (sin respuesta, no cuentan como créditos): *2*');
    expect(reply).toMatch(/• Placa: 3 \(1 de la caché\) · 1 fallida\n/);
    expect(reply).toMatch(/• RUC: 0 · 1 fallida\n/);
    expect(reply).toMatch(/• Despacho Lima: 2 \(1 de la caché\) · 2 fallidas\n/);
    expect(reply).toMatch(/• Chat directo \(1\): 1$/m);
    expect(reply).not.toContain(ADMIN_PHONE);
  });

  it('numbers several direct chats without their phone numbers', async () => {
    const other = '51911999888';
    await h.send('placa ABC123', { isGroup: false, sender: other, admin: true });
    const [reply] = h.texts(await h.send('uso'));
    expect(reply).toContain('• Chat directo (1)');
    expect(reply).toContain('• Chat directo (2)');
    expect(reply).not.toContain(other);
    expect(reply).not.toContain(jid(ADMIN_PHONE));
  });
});

describe('uso without a group source', () => {
  it('shows group ids and logs no error or stack trace', async () => {
    const capture = captureLogger();
    const h = await createBotHarness({
      now: () => NOW,
      logger: capture.logger,
      config: { lookup: { timeoutMs: 3000, retries: 0, messagingBaseUrl: undefined } },
    });
    try {
      await h.send('placa ABC123');
      const [reply] = h.texts(await h.send('uso'));
      expect(reply).toMatch(/\*Por chat\*\n• 120363000000000001@g\.us: 1$/);
      const lines = capture.lines();
      expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
      expect(capture.raw()).not.toContain('"stack"');
    } finally {
      await h.close();
    }
  });
});

describe('uso totals', () => {
  const GROUP_A = '120363000000000001@g.us';
  const GROUP_B = '120363000000000002@g.us';
  const at = new Date('2026-11-05T12:00:00Z');

  it('sums the month overall, per operation and per chat, most calls first, failures apart', async () => {
    const h = await createBotHarness({ now: () => NOW });
    try {
      const usage = h.app.services.registry.get(USAGE)!;
      const record = (chatId: string, operation: string, saved = false, outcome = 'ok' as const) =>
        usage.record({ at, chatId, operation, saved, outcome });
      for (let i = 0; i < 3; i++) record(GROUP_A, 'ruc', i > 0);
      record(GROUP_B, 'ruc');
      record(GROUP_B, 'exchangeRate', true);
      usage.record({ at, chatId: GROUP_B, operation: 'exchangeRate', saved: true, outcome: 'failed' });
      const [reply] = h.texts(await h.send('uso'));
      expect(reply).toContain('Consultas: *5* · créditos usados: *2* · ahorradas por la caché: *3*');
      expect(reply).toContain('Fallidas (sin respuesta, no cuentan como créditos): *1*');
      expect(reply).toMatch(
        /• RUC: 4 \(2 de la caché\)\n• Tipo de cambio: 1 \(1 de la caché\) · 1 fallida\n/,
      );
      expect(reply).toMatch(
        /• Despacho Lima: 3 \(2 de la caché\)\n• Contabilidad: 2 \(1 de la caché\) · 1 fallida$/m,
      );
    } finally {
      await h.close();
    }
  });

  it('says so when the month has no lookups', async () => {
    const h = await createBotHarness({ now: () => NOW });
    try {
      expect(h.texts(await h.send('uso'))[0]).toContain('No hubo consultas este mes.');
    } finally {
      await h.close();
    }
  });
});
