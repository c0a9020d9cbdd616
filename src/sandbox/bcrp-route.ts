import type { ServerResponse } from 'node:http';
import { isRatePublished, rateOfDay } from './fixtures/index.js';
import { isoDate, parseIsoDate } from './fixtures/calendar.js';

/**
 * A fake of BCRP's statistics API for the SBS exchange rate (series PD04639PD compra, PD04640PD
 * venta; shapes in src/padron/SOURCES.md), on the sandbox's origin and answered from the same
 * generated rates as the sandbox's /tipo_de_cambio. Days without a rate are left out.
 */
export const BCRP_PREFIX = '/estadisticas/series/api/';

const MONTHS = ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Set', 'Oct', 'Nov', 'Dic'];
const DAY_MS = 86_400_000;
const NAMES: Readonly<Record<string, string>> = {
  PD04639PD: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Compra',
  PD04640PD: 'Tipo de cambio - TC Sistema bancario SBS (S/ por US$) - Venta',
};

function periodName(ms: number): string {
  const date = isoDate(ms);
  return `${date.slice(8, 10)}.${MONTHS[Number(date.slice(5, 7)) - 1]}.${date.slice(2, 4)}`;
}

/** Answers GET /estadisticas/series/api/{codes}/json/{from}/{to}[/{lang}]. */
export function serveBcrp(path: string, res: ServerResponse): void {
  const [codes = '', format, from = '', to = ''] = path.slice(BCRP_PREFIX.length).split('/');
  const series = codes.split('-');
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (format !== 'json' || start === null || end === null || series.some((code) => !NAMES[code])) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    return;
  }
  const periods: { name: string; values: string[] }[] = [];
  for (let day = start; day <= end && periods.length < 5_000; day += DAY_MS) {
    if (!isRatePublished(day)) continue;
    const { compra, venta } = rateOfDay(isoDate(day));
    periods.push({
      name: periodName(day),
      values: series.map((code) => (code === 'PD04639PD' ? compra : venta).toFixed(3)),
    });
  }
  const body = JSON.stringify({
    config: { title: 'Tipo de cambio', series: series.map((code) => ({ name: NAMES[code], dec: '3' })) },
    periods,
  });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
}
