import { weekdayOf } from '../lima-time.js';
import type { ScheduledJob } from './job.js';

/**
 * The morning exchange-rate post (record 2.12, as the `tc` command shows it). Monday to Saturday
 * a rate is expected for the day itself; while the API still answers with an earlier
 * `fecha_taxauth` it is not published yet: wait (retry), and on the last attempt post the latest
 * rate saying which day it is from. On Sunday the latest rate is posted at once, with the note.
 */
export const tcJob: ScheduledJob = {
  name: 'tc',
  async run({ date, lookup, templates, finalAttempt }) {
    const rate = await lookup.exchangeRate(date);
    const expected = weekdayOf(date) !== 0;
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
