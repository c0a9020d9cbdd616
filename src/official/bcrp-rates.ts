import type { Dispatcher } from 'undici';
import { lexicon } from '../language/index.js';
import { lazy } from '../lazy.js';

/** undici's whole library, loaded with the first BCRP request (issue 22: lookups use src/lookup/pool.ts). */
const loadUndici = lazy(() => import('undici'));

/**
 * The SBS exchange rate (S/ per US$) from BCRP's free statistics API, no key needed (request and
 * answer shapes in src/padron/SOURCES.md). Each value is dated by its SBS closing day; SUNAT
 * publishes that close as the next day's rate (`sunatRateOf` in src/time/lima.ts, `sunat-rate.ts`).
 */

export const BCRP_ORIGIN = 'https://estadisticas.bcrp.gob.pe';

/** TC Sistema bancario SBS (S/ por US$): compra and venta. */
const SBS_SERIES = { buy: 'PD04639PD', sell: 'PD04640PD' } as const;

/** One day's SBS rate. */
export interface SbsRate {
  /** The SBS closing day, YYYY-MM-DD. */
  date: string;
  buy: number;
  sell: number;
}

/**
 * "08.Jul.26" → "2026-07-08": the month read by the lexicon (Spanish, `Set` for September), the
 * two-digit year in 1969–2068 as everywhere in Chasqui ("31.Dic.99" is 1999).
 */
export function bcrpDay(name: string): string | undefined {
  const match = /^(\d{1,2})\.([A-Za-z]{3})\.(\d{2})$/u.exec(name.trim());
  const abbreviation = (match?.[2] ?? '').toLowerCase();
  const month = lexicon.entries(abbreviation).find((entry) => entry.class === 'month')?.value;
  if (!match || typeof month !== 'number') return undefined;
  const year = Number(match[3]);
  return `${year >= 69 ? 1900 + year : 2000 + year}-${String(month).padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
}

interface Payload {
  config?: { series?: { name?: unknown }[] };
  periods?: { name?: unknown; values?: unknown }[];
}

/**
 * The days with both values published, oldest first. Columns are matched by series name (the API
 * does not promise the order asked for); `n.d.` (not published) days are left out.
 */
export function parseSbsRates(payload: unknown): SbsRate[] {
  const { config, periods } = (payload ?? {}) as Payload;
  const names = (config?.series ?? []).map((s) => String(s.name ?? '').toLowerCase());
  const buyAt = names.findIndex((name) => name.includes('compra'));
  const sellAt = names.findIndex((name) => name.includes('venta'));
  if (buyAt < 0 || sellAt < 0) return [];
  const rates: SbsRate[] = [];
  for (const period of periods ?? []) {
    const date = bcrpDay(String(period.name ?? ''));
    const values = Array.isArray(period.values) ? period.values.map(Number) : [];
    const buy = values[buyAt];
    const sell = values[sellAt];
    if (date && buy !== undefined && sell !== undefined && buy > 0 && sell > 0)
      rates.push({ date, buy, sell });
  }
  return rates.sort((a, b) => a.date.localeCompare(b.date));
}

/** Fetches the SBS rates of a date range (YYYY-MM-DD, inclusive). Throws on HTTP or network errors. */
export async function fetchSbsRates(
  from: string,
  to: string,
  options: { origin?: string; dispatcher?: Dispatcher; timeoutMs?: number } = {},
): Promise<SbsRate[]> {
  const url = `${options.origin ?? BCRP_ORIGIN}/estadisticas/series/api/${SBS_SERIES.buy}-${SBS_SERIES.sell}/json/${from}/${to}`;
  const timeout = options.timeoutMs ?? 15_000;
  const { request } = await loadUndici();
  const { statusCode, body } = await request(url, {
    headers: { accept: 'application/json' },
    headersTimeout: timeout,
    bodyTimeout: timeout,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  if (statusCode !== 200) {
    body.resume();
    throw new Error(`el BCRP respondió ${statusCode} a ${url}`);
  }
  return parseSbsRates(await body.json());
}
