import { defineCommand } from '../../src/bot/command.js';
import { UserError } from '../../src/errors/user-error.js';
import { currentPeriod, previousPeriod } from '../../src/time/lima.js';
import { LookupNotFoundError, LookupRejectedError } from '../../src/lookup/errors.js';
import type { PensionRate } from '../../src/lookup/schemas/index.js';
import { fold } from '../../src/text/fold.js';
import { rejectedAsNotFound } from '../../src/bot/not-found.js';
import { listData } from '../../src/bot/list-data.js';

const examples = ['afp', 'afp 10/2026', 'afp setiembre', 'afp habitat'];
/** The fund form in `examples`: shown under a fund the answer does not hold. */
const FUND_EXAMPLE = 3;

/**
 * `afp [periodo] [fondo]`: pension-fund commissions (operation 15), one block per manager, or the
 * one named. Without a period it asks for the current month and, when that is not published yet,
 * shows the previous one. A period the API has no data for gets errors/afp-not-found naming it.
 */
export const afp = defineCommand<{ periodo: string; explicit: boolean; fondo?: string }>({
  name: 'afp',
  triggers: [{ parts: ['c:pension'] }],
  slots: { fondo: { grammar: 'fund', optional: true }, periodo: { grammar: 'period', optional: true } },
  ignores: ['k:filler=pension', 'k:filler=date', 'k:state-adjective'],
  build: (slots, ctx) => {
    const periodo = slots['periodo'] as string | undefined;
    const fondo = slots['fondo'] as string | undefined;
    return {
      periodo: periodo ?? currentPeriod(ctx.now),
      explicit: periodo !== undefined,
      ...(fondo ? { fondo } : {}),
    };
  },
  summary: 'Comisiones, prima de seguro y remuneración máxima de las AFP (todas o una)',
  usage: 'afp [periodo: 10/2026, 2026-10, setiembre, mes pasado] [fondo]',
  examples,
  access: 'everyone',
  argShape: 'optional',
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
