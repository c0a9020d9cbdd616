import { isNoRateDay } from '../../../src/time/lima.js';
import type { ScheduledJob } from '../../../src/scheduler/job.js';

/**
 * The morning exchange-rate post (record 2.12, as the `tc` command shows it). On a day with a rate
 * of its own (Tuesday to Saturday, not a holiday) a rate is expected for the day itself: while the
 * API still answers with an earlier `fecha_taxauth` it is not published yet, so wait (retry), and
 * on the last attempt post the latest rate saying so. On Sunday, Monday and holidays none is
 * published (the last one applies): post at once, with the note saying which day's rate it is.
 */
export const tcJob: ScheduledJob = {
  name: 'tc',
  async run({ date, lookup, templates, finalAttempt, holidays }) {
    const rate = await lookup.exchangeRate(date);
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
        : `rate of ${rate.fecha_taxauth}`,
    };
  },
};
