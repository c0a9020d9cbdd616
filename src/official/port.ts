import type { ExchangeRate } from '../lookup/schemas/index.js';
import type { SbsRate } from './bcrp-rates.js';

/**
 * The free official exchange rate as the rest of Chasqui may ask it (`tc` and the scheduled rate
 * post use it before the paid API): BCRP's statistics API, the SBS rate. Answers are dated by the
 * SBS closing day; which day's close rules on a date is `sunatRateOf` (src/time/lima.ts).
 */
export interface OfficialRatesPort {
  /** SBS closes in [from, to] (YYYY-MM-DD), oldest first, unpublished days left out; throws when BCRP cannot be read. */
  sbsRates(from: string, to: string): Promise<SbsRate[]>;
  /** True while BCRP rests after a failure: `sbsRates` would reject at once (asking is no use). */
  resting?(): boolean;
}

/** SUNAT's exchange rate of a day from the official source, with the SBS close it repeats. */
export interface OfficialRate {
  /** The paid `exchangeRate` answer's fields (`fecha_taxauth`: the day SUNAT published it). */
  rate: ExchangeRate;
  /** The SBS closing day BCRP dates the value by (YYYY-MM-DD). */
  close: string;
}
