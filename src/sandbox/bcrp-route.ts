import { sbsDaysFor } from './fixtures/index.js';
import { parseIsoDate } from './fixtures/calendar.js';
import type { Reply } from './routes/index.js';

/**
 * A fake of BCRP's statistics API for the SBS exchange rate (series PD04639PD compra, PD04640PD
 * venta; shapes in src/padron/SOURCES.md), on the sandbox's origin (also under the API prefix, where
 * `chat` and `start` point `exchangeRate.bcrpUrl`). Each value is dated by its SBS closing day and
 * is the rate the sandbox's /tipo_de_cambio publishes the day after; a close appears once that
 * publication is out (the sandbox clock and `ratePublishedAt`). Weekday holidays are `n.d.`, weekends
 * absent. No token, like BCRP's; requests are logged and take faults like the API's.
 */
export const BCRP_PREFIX = '/estadisticas/series/api/';

const MONTHS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Set', 'Oct', 'Nov', 'Dic'];
const NAMES: Readonly<Record<string, string>> = {
  PD04639PD: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Compra',
  PD04640PD: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Venta',
};
const NOT_FOUND: Reply = { status: 404, body: 'Not Found', contentType: 'text/plain; charset=utf-8' };

/** "2026-07-08" → "08.Jul.26", as BCRP names a daily period. */
function periodName(date: string): string {
  return `${date.slice(8, 10)}.${MONTHS[Number(date.slice(5, 7)) - 1]}.${date.slice(2, 4)}`;
}

/** The path from BCRP_PREFIX on, when `path` is BCRP's (at the origin or under `apiPrefix`). */
export function bcrpPath(path: string, apiPrefix: string): string | undefined {
  if (path.startsWith(BCRP_PREFIX)) return path;
  const under = `${apiPrefix}${BCRP_PREFIX}`;
  return apiPrefix !== '' && path.startsWith(under) ? path.slice(apiPrefix.length) : undefined;
}

/** Answers GET /estadisticas/series/api/{codes}/json/{from}/{to}[/{lang}] as of `now`. */
export function bcrpReply(path: string, now: Date, publishedAtMinutes: number): Reply {
  const [codes = '', format, from = '', to = ''] = path.slice(BCRP_PREFIX.length).split('/');
  const series = codes.split('-');
  if (format !== 'json' || parseIsoDate(from) === null || parseIsoDate(to) === null) return NOT_FOUND;
  if (series.some((code) => !NAMES[code])) return NOT_FOUND;
  const periods = sbsDaysFor(from, to, now, publishedAtMinutes).map(({ date, close }) => ({
    name: periodName(date),
    values: series.map((code) =>
      close === null ? 'n.d.' : (code === 'PD04639PD' ? close.compra : close.venta).toFixed(3),
    ),
  }));
  const body = JSON.stringify({
    config: { title: 'Tipo de cambio', series: series.map((code) => ({ name: NAMES[code], dec: '3' })) },
    periods,
  });
  return { status: 200, body, contentType: 'application/json; charset=utf-8' };
}
