import { defineCommand } from '../src/bot/command.js';
import { UserError } from '../src/input/user-error.js';
import { parsePeriod } from '../src/input/dates.js';
import { previousPeriod } from '../src/time/lima.js';
import { LookupNotFoundError, LookupRejectedError } from '../src/lookup/errors.js';
import type { PensionRate } from '../src/lookup/schemas/index.js';
import { rejectedAsNotFound } from './lib/rejected.js';
import { listData } from './lib/reply-data.js';

const examples = ['afp', 'afp 10/2026', 'afp 2026-09'];

/**
 * `afp [periodo]`: pension-fund commissions (operation 15), one block per manager. Without a
 * period it asks for the current month and, when that is not published yet, shows the previous one.
 * A period the API has no data for gets errors/afp-not-found naming it.
 */
export const afp = defineCommand({
  name: 'afp',
  aliases: ['comisiones', 'afps'],
  summary: 'Comisiones, prima de seguro y remuneración máxima de las AFP',
  usage: 'afp [periodo: 10/2026 o 2026-10]',
  examples,
  access: 'everyone',
  argShape: 'optional',
  parse: (raw, ctx) => ({
    periodo: parsePeriod(raw, ctx.now()),
    explicit: raw.trim() !== '',
  }),
  async run(ctx) {
    const { periodo, explicit } = ctx.args;
    let rates: PensionRate[] | undefined;
    try {
      rates = await ctx.lookup.pensionRates(periodo);
    } catch (error) {
      const unpublished = error instanceof LookupRejectedError || error instanceof LookupNotFoundError;
      if (explicit && error instanceof LookupRejectedError) throw new UserError('afp-not-found', { periodo });
      if (explicit || !unpublished) throw error;
    }
    if (rates && (rates.length > 0 || explicit)) {
      await ctx.reply('afp', listData(ctx, { periodo, afps: rates }));
      return;
    }
    const previous = previousPeriod(periodo);
    const fallback = await rejectedAsNotFound(ctx.lookup.pensionRates(previous), 'afp-not-found', {
      periodo: previous,
    });
    await ctx.reply('afp', listData(ctx, { periodo: previous, nota_periodo: periodo, afps: fallback }));
  },
});
