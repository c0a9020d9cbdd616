import type { OperationName } from '../lookup/errors.js';

/**
 * Cache lifetimes in seconds, one per lookup operation plus two policy keys: `pastRates` (exchange
 * rate of a past date, pension rates of a past period: they never change) and `notFound` (upper
 * bound for caching a not-found answer). The per-operation value of exchangeRate/pensionRates
 * applies to today's date / the current period. 0 disables caching for that key.
 */
export type CacheTtlSeconds = Record<OperationName, number> & { pastRates: number; notFound: number };

/** Every operation name at run time (the type lives in lookup/errors.ts). */
export const OPERATION_NAMES = [
  'dni',
  'dniRuc',
  'ce',
  'cee',
  'ci',
  'ruc',
  'fiscalAddress',
  'establishments',
  'workers',
  'coerciveDebt',
  'searchCompany',
  'licence',
  'vehicle',
  'exchangeRate',
  'pensionRates',
  'invoiceXml',
  'invoicePdf',
  'guideXml',
  'guide',
  'groups',
] as const satisfies readonly OperationName[];

// Compile-time check that the list above names every operation.
type MissingOperation = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
const _allOperationsListed: MissingOperation extends never ? true : false = true;
void _allOperationsListed;

/** Operations returning personal data (Ley 29733): cached briefly at most. */
export const PERSONAL_DATA_OPERATIONS = ['dni', 'dniRuc', 'ce', 'cee', 'ci', 'licence'] as const;
/** Longest cache a personal-data operation may be configured with. */
export const MAX_PERSONAL_DATA_TTL_SECONDS = 600;
/** Invoice files are fetched with the company's tax-portal credentials: never cached. */
export const NEVER_CACHED_OPERATIONS = ['invoiceXml', 'invoicePdf'] as const;

const HOUR = 3600;

/** Defaults: hours for taxpayer data, 10 min for personal data and guides, 30 days for past rates. */
export const DEFAULT_CACHE_TTL_SECONDS: Readonly<CacheTtlSeconds> = Object.freeze({
  dni: 600,
  dniRuc: 600,
  ce: 600,
  cee: 600,
  ci: 600,
  licence: 600,
  ruc: 6 * HOUR,
  fiscalAddress: 6 * HOUR,
  establishments: 6 * HOUR,
  workers: 6 * HOUR,
  coerciveDebt: 6 * HOUR,
  searchCompany: 6 * HOUR,
  vehicle: 6 * HOUR,
  exchangeRate: HOUR,
  pensionRates: HOUR,
  pastRates: 30 * 24 * HOUR,
  invoiceXml: 0,
  invoicePdf: 0,
  guideXml: 600,
  guide: 600,
  groups: 300,
  notFound: 300,
});
