import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_CHECK } from '../../../commands/watch/check.js';
import { monthlyWatchCost } from '../../../commands/watch/cost.js';
import { diffStates, stateOf, type WatchState } from '../../../commands/watch/state.js';
import { taxpayerOf } from '../../../src/padron/address.js';
import { taxpayers } from '../../../src/sandbox/fixtures/index.js';
import { rucFrom } from '../batch/helpers.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';

/** The app's daily watch check (the watch feature provides it). */
const checker = (h: BotHarness) => h.app.services.registry.get(WATCH_CHECK)!;

const base: WatchState = {
  name: 'X',
  estado: 'ACTIVO',
  condicion: 'HABIDO',
  retencion: 'NO',
  percepcion: 'NO',
  percepcionCombustible: 'NO',
  buenContribuyente: 'SI',
  debtTotal: 100,
  debtEntries: ['a'],
};

describe('watch state and cost', () => {
  it('reports flag, debt and new-entry changes, and no debt change when one side was never checked', () => {
    expect(diffStates(base, { ...base, retencion: 'SI', debtTotal: 100, debtEntries: ['b'] })).toEqual([
      { campo: 'retencion', antes: 'NO', despues: 'SI' },
      { campo: 'deudas_nuevas', antes: 1, despues: 1 },
    ]);
    const { debtTotal: _t, debtEntries: _e, ...noDebt } = base;
    expect(diffStates(noDebt, { ...base, debtTotal: 900 })).toEqual([]);
    expect(diffStates(base, { ...base, estado: 'activo ' })).toEqual([]);
  });

  it('estimates 22 ruc lookups per RUC a month plus the debt checks', () => {
    expect(monthlyWatchCost(40, 'weekly')).toBe(1054);
    expect(monthlyWatchCost(40, 'daily')).toBe(1760);
    expect(monthlyWatchCost(0, 'weekly')).toBe(0);
  });

  it('counts only flags and debt for RUCs the padrón mirror lists', () => {
    expect(monthlyWatchCost(40, 'weekly', 40, 'weekly')).toBe(347);
    expect(monthlyWatchCost(40, 'weekly', 40, 'off')).toBe(174);
    expect(monthlyWatchCost(40, 'weekly', 30, 'weekly')).toBe(
      Math.ceil(10 * (22 + 52 / 12) + 30 * (104 / 12)),
    );
  });

  it("reads the register's 20-character cut as the API's full text, and an unknown flag as no change", () => {
    const cut = { ...base, estado: 'BAJA MULT.INSCR. Y O' };
    expect(diffStates({ ...base, estado: 'BAJA MULT.INSCR. Y OTROS' }, cut)).toEqual([]);
    expect(diffStates(base, cut)).toEqual([
      { campo: 'estado', antes: 'ACTIVO', despues: 'BAJA MULT.INSCR. Y O' },
    ]);
    const { retencion: _r, ...noFlag } = base;
    expect(diffStates(noFlag, { ...base, retencion: 'SI' })).toEqual([]);
  });

  it('takes estado and condición from the register, keeps the flags and the fuller text it had', () => {
    const andinos = taxpayers['20123456786']!;
    const register = taxpayerOf(
      andinos.ruc,
      `${andinos.nombre_o_razon_social}|ACTIVO|NO HALLADO SE MUDO D|150115|-|-|-|-|-|-|-|-|-|-`,
    );
    const previous = { ...base, condicion: 'NO HALLADO SE MUDO DE DOMICILIO', flagsDate: '2026-11-16' };
    const state = stateOf({ register, date: '2026-11-18' }, undefined, previous);
    expect(state).toMatchObject({
      name: andinos.nombre_o_razon_social,
      condicion: 'NO HALLADO SE MUDO DE DOMICILIO',
      buenContribuyente: 'SI',
      flagsDate: '2026-11-16',
      debtTotal: 100,
    });
    const both = stateOf({ register, taxpayer: andinos, date: '2026-11-18' }, [], previous);
    expect(both).toMatchObject({ retencion: 'SI', flagsDate: '2026-11-18', debtTotal: 0, estado: 'ACTIVO' });
  });
});

describe('weekly watch summary', () => {
  let h: BotHarness;
  let clock = new Date('2026-11-19T15:00:00Z'); // Thursday 10:00 Lima
  const ruc = rucFrom('2072345678');
  beforeAll(async () => {
    h = await createBotHarness({ now: () => clock });
    h.config.watch = { ...h.config.watch, weeklySummary: 'vie' };
    h.sandbox.setTaxpayer(ruc, { nombre_o_razon_social: 'FERRETERÍA EL PINO S.R.L.' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('posts the summary once on the configured weekday, even without changes', async () => {
    await h.send(`vigilar ${ruc} ferretería`);
    const before = h.outbox.length;
    clock = new Date('2026-11-20T13:00:00Z'); // Friday 08:00
    await checker(h).tick(clock);
    await checker(h).tick(new Date('2026-11-20T13:10:00Z'));
    const texts = h.outbox
      .slice(before)
      .map((sent) => (sent.message.kind === 'text' ? sent.message.text : ''));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('*Resumen semanal de vigilados* · 20/11/2026');
    expect(texts[0]).toContain(`• *FERRETERÍA EL PINO S.R.L.* (${ruc}) · _ferretería_: ACTIVO · HABIDO`);
  });
});
