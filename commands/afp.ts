import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { tokens } from '../src/input/args.js';
import { spokenPeriod } from '../src/input/date-words.js';
import { parsePeriod } from '../src/input/dates.js';
import { currentPeriod, previousPeriod } from '../src/time/lima.js';
import { LookupNotFoundError, LookupRejectedError } from '../src/lookup/errors.js';
import type { PensionRate } from '../src/lookup/schemas/index.js';
import { fold } from '../src/text/fold.js';
import { isQuotedValue } from '../src/text/phrasing.js';
import { rejectedAsNotFound } from './lib/rejected.js';
import { listData } from './lib/reply-data.js';

const examples = ['afp', 'afp 10/2026', 'afp setiembre', 'afp habitat'];
/** The fund form in `examples`: shown under a fund the answer does not hold. */
const FUND_EXAMPLE = 3;

/**
 * Fund names recognised in a request (`afp habitat`) so it is told from chatter; the reply shows
 * whatever managers the API returns, filtered by the name given.
 */
const FUNDS = new Set(['habitat', 'integra', 'prima', 'profuturo']);
/** The words people put between `tasas`/`comisiones` and `afp`: `las tasas de las afp`. */
const NAMES = ['tasa', 'tasas', 'comision', 'comisiones', 'aporte', 'aportes'];
const LINKS = ['', 'de', 'de la', 'de las', 'del', 'de los'];

function splitFund(raw: string): { fondo?: string; rest: string } {
  const words = tokens(raw);
  const fund = words.find((word) => FUNDS.has(fold(word)));
  const rest = words.filter((word) => word !== fund).join(' ');
  return fund === undefined ? { rest } : { fondo: fold(fund).toUpperCase(), rest };
}

/**
 * A period spoken or written (`setiembre 2025`, `10/2026`, `mes pasado`, `hace 2 meses`) and/or a
 * fund name; digits alone go to `parse` to be judged (`afp 2025` is told why it is no period).
 */
function looksLikeRequest(raw: string): boolean {
  const { rest } = splitFund(raw);
  const words = tokens(fold(rest));
  return words.every((word) => /^\d/u.test(word)) || spokenPeriod(rest, '2001-01') !== undefined;
}

/**
 * `afp [periodo] [fondo]`: pension-fund commissions (operation 15), one block per manager, or the
 * one named. Without a period it asks for the current month and, when that is not published yet,
 * shows the previous one. A period the API has no data for gets errors/afp-not-found naming it.
 */
export const afp = defineCommand({
  name: 'afp',
  aliases: ['comisiones', 'afps'],
  triggers: [{ parts: ['c:pension'] }],
  slots: { fondo: { grammar: 'fund', optional: true }, periodo: { grammar: 'period', optional: true } },
  ignores: ['k:filler=pension'],
  build: (slots, ctx) => {
    const periodo = slots['periodo'] as string | undefined;
    const fondo = slots['fondo'] as string | undefined;
    return {
      periodo: periodo ?? currentPeriod(ctx.now),
      explicit: periodo !== undefined,
      ...(fondo ? { fondo } : {}),
    };
  },
  phrases: [
    'comision',
    ...NAMES.flatMap((name) => LINKS.map((link) => `${name} ${link} afp`.replace('  ', ' '))),
  ],
  // `vigente`: the rates in force, the same as no period (the previous month until this one is out).
  fillers: ['afp', 'afps', 'sbs', 'comisiones', 'comision', 'vigente', 'vigentes'],
  summary: 'Comisiones, prima de seguro y remuneración máxima de las AFP (todas o una)',
  usage: 'afp [periodo: 10/2026, 2026-10, setiembre, mes pasado] [fondo]',
  examples,
  access: 'everyone',
  argShape: 'optional',
  // `afp 10%`, `la afp cobra 1.69%`: a remark about a rate.
  isStatement: isQuotedValue,
  isAttempt: looksLikeRequest,
  parse: (raw, ctx) => {
    const { fondo, rest } = splitFund(raw);
    const periodo = parsePeriod(rest, ctx.now());
    return { periodo, explicit: rest.trim() !== '', ...(fondo ? { fondo } : {}) };
  },
  async run(ctx) {
    const { periodo, explicit, fondo } = ctx.args;
    let rates: PensionRate[] | undefined;
    try {
      rates = await ctx.lookup.pensionRates(periodo);
    } catch (error) {
      const unpublished = error instanceof LookupRejectedError || error instanceof LookupNotFoundError;
      if (explicit && error instanceof LookupRejectedError) throw new UserError('afp-not-found', { periodo });
      if (explicit || !unpublished) throw error;
    }
    let shown = periodo;
    let note: string | undefined;
    if (!rates || (rates.length === 0 && !explicit)) {
      shown = previousPeriod(periodo);
      note = periodo;
      rates = await rejectedAsNotFound(ctx.lookup.pensionRates(shown), 'afp-not-found', { periodo: shown });
    }
    const afps = fondo === undefined ? rates : rates.filter((r) => fold(r.afp).includes(fold(fondo)));
    if (fondo !== undefined && afps.length === 0) {
      const data = { fondo, periodo: shown, fondos: rates.map((r) => r.afp) };
      throw new UserError('afp-fund-not-found', data, { example: FUND_EXAMPLE });
    }
    await ctx.reply('afp', listData(ctx, { periodo: shown, ...(note ? { nota_periodo: note } : {}), afps }));
  },
});
