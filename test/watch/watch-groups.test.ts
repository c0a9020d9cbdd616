import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetReader } from '../../src/budget/types.js';
import { rucFrom } from '../batch/helpers.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';

/**
 * Issue 19: a group's watch list replies speak of that group only (never how many RUCs other
 * groups watch), and every RUC not added is named with why: limit reached, already watched,
 * invalid, or the budget.
 */
const DESPACHO = '120363000000000001@g.us';
const CONTABILIDAD = '120363000000000002@g.us';
const DESPACHO_RUCS = ['2071234567', '2071234568', '2071234569'].map(rucFrom);
const [OWN, SECOND, THIRD, FOURTH] = ['2071234570', '2071234571', '2071234572', '2071234573'].map(rucFrom);
const WRONG_CHECK = `${OWN!.slice(0, 10)}${(Number(OWN!.slice(10)) + 1) % 10}`;
const clock = new Date('2026-11-18T15:00:00Z'); // Wednesday 10:00 Lima

let h: BotHarness;
const inContabilidad = async (text: string) => h.texts(await h.send(text, { chatId: CONTABILIDAD }));

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
  for (const ruc of [...DESPACHO_RUCS, OWN!, SECOND!, THIRD!, FOURTH!]) {
    h.sandbox.setTaxpayer(ruc, { nombre_o_razon_social: `EMPRESA ${ruc.slice(-3)} S.A.C.` });
  }
  for (const ruc of DESPACHO_RUCS) await h.send(`vigilar ${ruc}`, { chatId: DESPACHO });
});
afterAll(async () => {
  await h.close();
});

describe('a group sees only its own watch list counts', () => {
  it('adding: this group’s count and cost, nothing about the 3 RUCs another group watches', async () => {
    const [added] = await inContabilidad(`vigilar ${OWN}`);
    expect(added).not.toMatch(/\b4 RUC|en total|106/u);
    expect(added).toContain('Vigilados en este grupo: 1 de 50');
    expect(added).toContain('hasta 27 consultas al mes por el RUC de este grupo');
  });

  it('listing: this group’s cost only', async () => {
    const [list] = await inContabilidad('vigilados');
    expect(list).not.toMatch(/\b4 RUC|todos los grupos|106/u);
    expect(list).toContain('*Vigilados en este grupo* (1 de 50)');
    expect(list).toContain('hasta 27 consultas al mes por los RUC de este grupo');
  });

  it('refused for the budget: names the RUC, without the shared total', async () => {
    const budget: BudgetReader = {
      status: () => ({
        day: '2026-11-18',
        month: '2026-11',
        spentToday: 0,
        spentThisMonth: 0,
        dailyCap: null,
        monthlyCap: 110,
        remainingToday: null,
        remainingThisMonth: 110,
      }),
    };
    const saved = h.app.services.budget;
    h.app.services.budget = budget;
    try {
      const before = h.sandbox.requestCount('/ruc');
      const [refused] = await inContabilidad(`vigilar ${SECOND}`);
      expect(refused).not.toMatch(/\b5 RUC|132/u);
      expect(refused).toContain(
        `No agregué ${SECOND}: el presupuesto mensual de la vigilancia (*110 consultas*)`,
      );
      expect(h.sandbox.requestCount('/ruc')).toBe(before);
    } finally {
      if (saved) h.app.services.budget = saved;
      else delete h.app.services.budget;
    }
  });
});

describe('every RUC not added is named with the reason', () => {
  it('already watched, invalid and past the limit, in one message of several lines', async () => {
    h.config.watch = { ...h.config.watch, maxPerGroup: 2 };
    const replies = await inContabilidad(
      [
        `vigilar ${OWN}`,
        `vigilar ${WRONG_CHECK}`,
        `vigilar ${SECOND}`,
        `vigilar ${THIRD}`,
        `vigilar ${FOURTH}`,
      ].join('\n'),
    );
    expect(replies).toHaveLength(5);
    expect(replies[0]).toContain(`Ya vigilo *EMPRESA ${OWN!.slice(-3)} S.A.C.* (${OWN})`);
    expect(replies[1]).toContain(`El RUC ${WRONG_CHECK} no es válido`);
    expect(replies[1]).toContain('No lo agregué a los vigilados.');
    expect(replies[2]).toContain(`Vigilando *EMPRESA ${SECOND!.slice(-3)} S.A.C.* (${SECOND})`);
    expect(replies[3]).toContain(`No agregué ${THIRD}: este grupo ya vigila el máximo de 2 RUC`);
    expect(replies[4]).toContain(`No agregué ${FOURTH}: este grupo ya vigila el máximo de 2 RUC`);
  });
});
