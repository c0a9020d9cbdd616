import type { SbsRate } from './bcrp-rates.js';

/**
 * The free official exchange rate as the rest of Chasqui may ask it (`tc` and the scheduled rate
 * post use it before the paid API): BCRP's statistics API, the SBS rate. Answers are dated by the
 * SBS closing day; which day's close rules on a date is the caller's rule (src/padron/SOURCES.md).
 */
export interface OfficialRatesPort {
  /** SBS closes in [from, to] (YYYY-MM-DD), oldest first, unpublished days left out; throws when BCRP cannot be read. */
  sbsRates(from: string, to: string): Promise<SbsRate[]>;
}

export type { SbsRate };
