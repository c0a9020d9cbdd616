import { isNoRateDay } from '../../../src/time/lima.js';
import type { ScheduledJob } from '../../../src/scheduler/job.js';

/**
 * The morning exchange-rate post (record 2.12, as the `tc` command shows it). First the free
 * official rate (BCRP's SBS close that SUNAT's rate of the day repeats, counted as saved): once BCRP
 * has it, it is final, so it is posted at once. Otherwise the paid API: on a day with a rate of its
 * own (the day after a business day) a rate is expected for the day itself: while the API still
 * answers with an earlier `fecha_taxauth` it is not published yet, so wait (retry), and on the last
 * attempt post the latest rate saying so. After a day without an SBS close (Sunday, Monday, the day
 * after a holiday) none is published (the last one applies): post at once, with the note saying
 * which day's rate it is.
 */
export const tcJob: ScheduledJob = {
  name: 'tc',
  async run({ chatId, date, lookup, templates, finalAttempt, holidays, free }) {
    const official = await free?.officialRate(date, holidays);
    if (official) free?.saved(chatId, 'exchangeRate');
    const rate = official?.rate ?? (await lookup.exchangeRate(date));
    const expected = !isNoRateDay(date, holidays);
    const notPublished = expected && rate.fecha_taxauth < date;
    if (notPublished && !finalAttempt) {
      return { kind: 'not-ready', note: `rate of ${date} not published (latest ${rate.fecha_taxauth})` };
    }
    const text = templates.render('schedule-tc', {
      ...rate,
      fecha: date,
      distinta: rate.fecha_taxauth !== date,
      no_publicado: notPublished,
    });
    return {
      kind: 'post',
      message: { kind: 'text', text },
      note: notPublished
        ? `latest rate ${rate.fecha_taxauth} (day's not published)`
        : `rate of ${rate.fecha_taxauth}${official ? ` (BCRP, SBS close of ${official.close})` : ''}`,
    };
  },
};
