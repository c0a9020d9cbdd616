import { LookupNotFoundError, LookupRejectedError } from '../../../src/lookup/errors.js';
import type { PensionRate } from '../../../src/lookup/schemas/index.js';
import { previousPeriod } from '../../../src/time/lima.js';
import type { JobInput, ScheduledJob } from '../../../src/scheduler/job.js';

async function ratesOf(lookup: JobInput['lookup'], period: string): Promise<PensionRate[]> {
  try {
    return await lookup.pensionRates(period);
  } catch (error) {
    // A period not published yet may come back as not found or as a plain "Bad Request".
    if (error instanceof LookupNotFoundError || error instanceof LookupRejectedError) return [];
    throw error;
  }
}

/**
 * The monthly pension-fund (AFP) post: the commissions of the month of the run. Until the month's
 * figures are out it waits (retries); on the last attempt it posts the previous month's, saying so.
 */
export const afpJob: ScheduledJob = {
  name: 'afp',
  async run({ date, lookup, templates, finalAttempt }) {
    const period = date.slice(0, 7);
    let shown = period;
    let rates = await ratesOf(lookup, period);
    if (rates.length === 0) {
      if (!finalAttempt) return { kind: 'not-ready', note: `pension rates of ${period} not published` };
      shown = previousPeriod(period);
      rates = await ratesOf(lookup, shown);
      if (rates.length === 0) throw new Error(`pension rates of ${period} and ${shown} not published`);
    }
    const text = templates.render('schedule-afp', {
      periodo: shown,
      afps: rates,
      fecha: date,
      ...(shown === period ? {} : { nota_periodo: period }),
    });
    return { kind: 'post', message: { kind: 'text', text }, note: `pension rates of ${shown}` };
  },
};
