import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sbsCloseOf } from '../../../src/sandbox/fixtures/index.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID } from '../../helpers/messages.js';
import { lima } from '../../scheduler/helpers.js';

/**
 * The morning exchange-rate post with the free official rate (issue 23), run by the app's own
 * scheduler against the sandbox (rates published at 09:00 Lima): BCRP's SBS close when it has the
 * one the day's rate repeats, the paid API otherwise. Paid calls read from the sandbox's request log.
 */
let clock: Date;
let h: BotHarness;

beforeEach(async () => {
  clock = lima('2026-11-20 07:00'); // a Friday
  h = await createBotHarness({ now: () => clock, ratePublishedAt: '09:00' });
  expect(h.texts(await h.send('programar tc 08:30 todos'))[0]).toContain('todos los días a las 08:30');
});
afterEach(async () => {
  await h.close();
});

async function at(when: string): Promise<void> {
  clock = lima(when);
  await h.app.scheduler.tick(clock);
  await h.app.scheduler.idle();
}
const posts = () =>
  h.outbox
    .filter((sent) => sent.chatId === GROUP_ID)
    .map((sent) => (sent.message.kind === 'text' ? sent.message.text : ''));
const paid = () => h.sandbox.requestCount('/tipo_de_cambio');
const rate = (close: string) => {
  const { compra, venta } = sbsCloseOf(close);
  return `Compra: *${compra.toFixed(3)}*\nVenta: *${venta.toFixed(3)}*`;
};

describe('the scheduled rate post', () => {
  it('on a Sunday posts Friday’s close (Saturday’s publication) from BCRP, without a paid call', async () => {
    h.outbox.length = 0;
    await at('2026-11-22 08:30');
    expect(posts()).toEqual([
      `*Tipo de cambio USD* · 22/11/2026\n${rate('2026-11-20')}\n_Rige el tipo de cambio publicado el 21/11/2026._`,
    ]);
    expect(paid()).toBe(0);
    const [uso] = h.texts(await h.send('uso'));
    expect(uso).toContain('• Tipo de cambio: 1 (1 gratis)');
  });

  it('before BCRP has the close, pays and waits; once it has it, posts it without paying again', async () => {
    h.outbox.length = 0;
    await at('2026-11-20 08:30');
    expect(posts()).toEqual([]);
    expect(paid()).toBe(1);
    await at('2026-11-20 09:00');
    expect(posts()).toEqual([`*Tipo de cambio USD* · 20/11/2026\n${rate('2026-11-19')}`]);
    expect(paid()).toBe(1);
  });

  it('on a holiday after a business day posts Monday’s close as the day’s own rate', async () => {
    h.outbox.length = 0;
    await at('2026-12-08 09:30');
    expect(posts()).toEqual([`*Tipo de cambio USD* · 08/12/2026\n${rate('2026-12-07')}`]);
    expect(paid()).toBe(0);
  });

  it('the day after a holiday posts the holiday’s publication at once', async () => {
    h.outbox.length = 0;
    await at('2026-12-10 08:30');
    expect(posts()).toEqual([
      `*Tipo de cambio USD* · 10/12/2026\n${rate('2026-12-07')}\n_Rige el tipo de cambio publicado el 08/12/2026._`,
    ]);
    expect(paid()).toBe(0);
  });

  it('with BCRP down, pays as before', async () => {
    h.outbox.length = 0;
    h.sandbox.injectFault({ path: '/estadisticas/*', kind: 'status', status: 503 });
    await at('2026-11-22 08:30');
    expect(posts()).toEqual([
      `*Tipo de cambio USD* · 22/11/2026\n${rate('2026-11-20')}\n_Rige el tipo de cambio publicado el 21/11/2026._`,
    ]);
    expect(paid()).toBe(1);
  });

  it('while BCRP rests after a failure, tc in the chat pays at once without asking BCRP again', async () => {
    const bcrp = () => h.sandbox.requests.filter((r) => r.path.includes('/estadisticas/')).length;
    h.sandbox.injectFault({ path: '/estadisticas/*', kind: 'status', status: 503 });
    clock = lima('2026-11-23 10:00');
    const asked = bcrp();
    expect(h.texts(await h.send('tc'))[0]).toContain('Compra');
    expect(bcrp()).toBe(asked + 1);
    expect(h.texts(await h.send('tc'))[0]).toContain('Compra');
    expect(bcrp()).toBe(asked + 1);
    expect(paid()).toBe(1); // the second answer is the cached one
  });
});
