import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetReader } from '../../src/budget/types.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';
import { rucFrom } from '../batch/helpers.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';

/**
 * The watch list through the real app and the sandbox: a supplier's record changes in the sandbox
 * and each watching group gets exactly one report, with one upstream lookup per RUC per day.
 * Times are Lima (UTC-5): 08:00 Lima = 13:00Z.
 */
const DESPACHO = '120363000000000001@g.us';
const CONTABILIDAD = '120363000000000002@g.us';
const SUPPLIER = rucFrom('2071234567');
const CLIENT = rucFrom('2071234568');
let clock = new Date('2026-11-18T15:00:00Z'); // Wednesday 10:00 Lima
const at = (iso: string) => {
  clock = new Date(iso);
  return clock;
};

function textsTo(h: BotHarness, from: number, chatId?: string): string[] {
  return h.outbox
    .slice(from)
    .filter((sent) => chatId === undefined || sent.chatId === chatId)
    .map((sent) => (sent.message as OutgoingMessage & { text?: string }).text ?? '');
}

describe('watch list', () => {
  let h: BotHarness;
  const lookups = () => ({
    ruc: h.sandbox.requestCount('/ruc'),
    debt: h.sandbox.requestCount('/ruc/deuda-coactiva'),
  });

  beforeAll(async () => {
    h = await createBotHarness({
      now: () => clock,
      config: {
        groups: [
          { id: DESPACHO, name: 'Despacho Lima', personalData: true, schedules: [] },
          { id: CONTABILIDAD, name: 'Contabilidad', personalData: false, schedules: [] },
        ],
      },
    });
    h.sandbox.setTaxpayer(SUPPLIER, { nombre_o_razon_social: 'CEMENTOS DEL PACÍFICO S.A.C.' });
    h.sandbox.setTaxpayer(CLIENT, { nombre_o_razon_social: 'COMERCIAL LOS OLIVOS S.A.C.' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('takes a first snapshot when a RUC is added, shared by the next group', async () => {
    const [added] = h.texts(await h.send(`vigilar ${SUPPLIER} proveedor de cemento`));
    expect(added).toContain('Vigilando *CEMENTOS DEL PACÍFICO S.A.C.*');
    expect(added).toContain('_proveedor de cemento_');
    expect(added).toContain('Ahora: ACTIVO · HABIDO');
    expect(added).toContain('hasta 27 consultas al mes por el RUC de este grupo');
    expect(lookups()).toEqual({ ruc: 1, debt: 1 });
    const [second] = h.texts(await h.send(`vigila el ruc ${SUPPLIER}`, { chatId: CONTABILIDAD }));
    expect(second).toContain('Vigilando');
    expect(lookups()).toEqual({ ruc: 1, debt: 1 });
  });

  it('posts nothing on a day without changes, with one lookup per RUC', async () => {
    const before = h.outbox.length;
    await h.app.watchChecker.tick(at('2026-11-19T13:00:00Z')); // Thursday 08:00
    expect(textsTo(h, before)).toEqual([]);
    // Debt is checked weekly: it was checked on Wednesday, same week.
    expect(lookups()).toEqual({ ruc: 2, debt: 1 });
  });

  it('reports a change exactly once to each watching group, one lookup across groups', async () => {
    h.sandbox.setTaxpayer(SUPPLIER, { condicion: 'NO HABIDO' });
    const before = h.outbox.length;
    await h.app.watchChecker.tick(at('2026-11-20T13:00:00Z')); // Friday 08:00
    await h.app.watchChecker.tick(at('2026-11-20T13:05:00Z'));
    expect(lookups()).toEqual({ ruc: 3, debt: 1 });
    for (const chat of [DESPACHO, CONTABILIDAD]) {
      const texts = textsTo(h, before, chat);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('⚠️ 1 cambio en tus vigilados');
      expect(texts[0]).toContain('Condición: HABIDO → *NO HABIDO*');
    }
    expect(textsTo(h, before, DESPACHO)[0]).toContain('_proveedor de cemento_');
    await h.restart();
    await h.app.watchChecker.tick(at('2026-11-20T14:00:00Z'));
    expect(textsTo(h, before)).toHaveLength(2);
    expect(lookups().ruc).toBe(3);
  });

  it('catches up after downtime within the window, without double posts', async () => {
    h.sandbox.setTaxpayer(SUPPLIER, { estado: 'BAJA DE OFICIO' });
    h.sandbox.setCoerciveDebt(SUPPLIER, [
      {
        monto: '3500.00',
        periodo_tibutario: '2026 - 09',
        fecha_inicio_cobranza: '2026-11-02',
        entidad_asociada: 'SUNAT',
      },
    ]);
    const before = h.outbox.length;
    // Down at 08:00 on Monday; back at 09:30 (within scheduler.catchUpMinutes = 180).
    await h.app.watchChecker.tick(at('2026-11-23T14:30:00Z'));
    await h.app.watchChecker.tick(at('2026-11-23T14:31:00Z'));
    expect(lookups()).toEqual({ ruc: 4, debt: 2 }); // a new week: the debt is checked again
    const texts = textsTo(h, before, DESPACHO);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('⚠️ 3 cambios en tus vigilados');
    expect(texts[0]).toContain('Estado: ACTIVO → *BAJA DE OFICIO*');
    expect(texts[0]).toContain('Deuda coactiva: S/ 0.00 → *S/ 3,500.00*');
    expect(texts[0]).toContain('Nuevas deudas coactivas: *1*');
    expect(textsTo(h, before, CONTABILIDAD)).toHaveLength(1);
  });

  it('skips a check missed beyond the catch-up window (no lookup, no post)', async () => {
    h.sandbox.setTaxpayer(SUPPLIER, { estado: 'ACTIVO' });
    const before = h.outbox.length;
    await h.app.watchChecker.tick(at('2026-11-24T17:30:00Z')); // Tuesday 12:30, 270 min late
    expect(textsTo(h, before)).toEqual([]);
    expect(lookups().ruc).toBe(4);
  });

  it('shows the history of a watched RUC, lists the group and stops watching', async () => {
    const [history] = h.texts(await h.send(`vigilar ${SUPPLIER}`));
    expect(history).toContain('Ya vigilo *CEMENTOS DEL PACÍFICO S.A.C.*');
    expect(history).toMatch(/23\/11\/2026\n• Estado: ACTIVO → \*BAJA DE OFICIO\*/);
    expect(history).toContain('20/11/2026\n• Condición: HABIDO → *NO HABIDO*');
    const [list] = h.texts(await h.send('vigilados'));
    expect(list).toContain('*Vigilados en este grupo* (1 de 50)');
    expect(list).toContain('BAJA DE OFICIO · NO HABIDO · deuda coactiva S/ 3,500.00');
    expect(h.texts(await h.send(`dejar de vigilar ${SUPPLIER}`))[0]).toContain('ya no vigilo');
    expect(h.texts(await h.send('vigilados'))[0]).toContain('No hay RUC vigilados');
    expect(h.texts(await h.send(`deja de vigilar el ruc ${SUPPLIER}`))[0]).toContain(
      'no está en los vigilados',
    );
  });

  it('refuses beyond the group maximum and when the monthly cost exceeds the budget', async () => {
    h.config.watch = { ...h.config.watch, maxPerGroup: 1 };
    const [limit] = h.texts(await h.send(`vigilar ${CLIENT}`, { chatId: CONTABILIDAD }));
    expect(limit).toContain('ya vigila el máximo de 1 RUC');
    h.config.watch = { ...h.config.watch, maxPerGroup: 50 };
    const budget: BudgetReader = {
      status: () => ({
        day: '2026-11-24',
        month: '2026-11',
        spentToday: 0,
        spentThisMonth: 0,
        dailyCap: null,
        monthlyCap: 40,
        remainingToday: null,
        remainingThisMonth: 40,
      }),
    };
    h.app.services.budget = budget;
    const before = lookups();
    const [refused] = h.texts(await h.send(`vigilar ${CLIENT}`, { chatId: CONTABILIDAD }));
    // 2 RUC in all (53 a month) exceed 40: the group is told the budget, not the shared total.
    expect(refused).toContain(
      `No agregué ${CLIENT}: el presupuesto mensual de la vigilancia (*40 consultas*)`,
    );
    expect(lookups()).toEqual(before);
  });
});
