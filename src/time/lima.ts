/**
 * The one home of Lima time: the zone, wall-clock fields, calendar dates and months, and Peru's
 * holiday/no-rate calendar, for the America/Lima zone whatever the server's TZ. Dates are
 * 'YYYY-MM-DD' strings and periods 'YYYY-MM' (as the lookup API wants them). Nothing else names the
 * zone.
 */
export const LIMA_TZ = 'America/Lima';

/** 0 = Sunday ... 6 = Saturday (as Date#getUTCDay). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface LimaParts {
  /** 'YYYY-MM-DD' */
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: Weekday;
}

/**
 * Lima has been UTC−5 all year since its last summer time ended, at 1994-04-01 04:00 UTC (the IANA
 * zone America/Lima, as Intl reads it: test/time/lima.test.ts compares the two over 1994–2200).
 * Instants from then on are read by arithmetic; earlier ones by Intl, whose first formatter costs
 * ~25 ms of ICU time-zone set-up (a cold `chasqui chat` paid it before its first reply).
 */
const UTC_MINUS_5_SINCE = Date.UTC(1994, 3, 1, 4);
const LIMA_OFFSET_MS = -5 * 3_600_000;

let formatter: Intl.DateTimeFormat | undefined;
const intlFormatter = () =>
  (formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: LIMA_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The last instant's fields, by its second: every line of a message asks for the same `now`. */
let last: { second: number; parts: LimaParts } | undefined;

/** Wall-clock fields of an instant in Lima. */
export function limaParts(at: Date): LimaParts {
  const second = Math.floor(at.getTime() / 1000);
  if (last?.second === second) return { ...last.parts };
  const parts = formatParts(at);
  last = { second, parts };
  return { ...parts };
}

/** Lima's wall-clock fields of an instant: UTC−5 since 1994-04-01, Intl's reading before. */
function formatParts(at: Date): LimaParts {
  const time = at.getTime();
  if (time >= UTC_MINUS_5_SINCE) {
    const wall = new Date(time + LIMA_OFFSET_MS);
    return partsOf(
      wall.getUTCFullYear(),
      wall.getUTCMonth() + 1,
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
    );
  }
  // Intl throws a RangeError on an invalid date (NaN fails the comparison above and comes here).
  const fields: Record<string, number> = {};
  for (const part of intlFormatter().formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return partsOf(
    fields.year ?? 0,
    fields.month ?? 1,
    fields.day ?? 1,
    (fields.hour ?? 0) % 24,
    fields.minute ?? 0,
  );
}

function partsOf(year: number, month: number, day: number, hour: number, minute: number): LimaParts {
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    hour,
    minute,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday,
  };
}

/** The Lima calendar date of an instant ("today in Lima" for `now`). */
export function limaDate(at: Date): string {
  return limaParts(at).date;
}

/** Lima's wall-clock time of an instant, 'HH:MM' (24 h). */
export function limaClockTime(at: Date): string {
  const { hour, minute } = limaParts(at);
  return `${pad(hour)}:${pad(minute)}`;
}

/** The Lima calendar month of an instant, 'YYYY-MM'. */
export function currentPeriod(at: Date): string {
  return limaDate(at).slice(0, 7);
}

/** The month before a 'YYYY-MM' period. */
export function previousPeriod(period: string): string {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
}

function splitDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

/** Weekday of a calendar date (no zone involved). */
export function weekdayOf(date: string): Weekday {
  const [y, m, d] = splitDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() as Weekday;
}

/** Number of days in the month of a calendar date. */
export function daysInMonth(date: string): number {
  const [y, m] = splitDate(date);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The calendar date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = splitDate(date);
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/**
 * A date as the lookup API writes it, `dd/MM/yyyy` (a licence's expiry) or `yyyy-MM-dd`, as
 * `yyyy-MM-dd` so it compares with `limaDate`; undefined when it is neither.
 */
export function toIsoDate(text: string): string | undefined {
  const local = /^(\d{2})\/(\d{2})\/(\d{4})$/u.exec(text.trim());
  if (local) return `${local[3]}-${local[2]}-${local[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/u.test(text.trim()) ? text.trim() : undefined;
}

/** The instant when Lima's wall clock shows `hour:minute` on `date` (the offset read from limaParts). */
export function limaInstant(date: string, hour: number, minute: number): Date {
  const [y, m, d] = splitDate(date);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = limaParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wall - shown;
  }
  return new Date(guess);
}

/** Start (inclusive) and end (exclusive) epoch ms of the Lima calendar month containing `now`. */
export function limaMonthRange(now: Date): { start: number; end: number; period: string } {
  const { year, month } = limaParts(now);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${pad(month + 1)}`;
  const period = `${year}-${pad(month)}`;
  return {
    start: limaInstant(`${period}-01`, 0, 0).getTime(),
    end: limaInstant(`${next}-01`, 0, 0).getTime(),
    period,
  };
}

/*
 * The Peruvian calendar facts the bot needs: national holidays, business days, and which SBS
 * close the tax authority's exchange rate of a day is. Dates are 'YYYY-MM-DD' Lima calendar dates.
 */

/**
 * Fixed-date national holidays of Peru ('MM-DD'). Holy Thursday and Good Friday move every year:
 * they (and any one-off holiday) come from config `scheduler.holidays`.
 */
export const PERU_FIXED_HOLIDAYS: ReadonlySet<string> = new Set([
  '01-01', // Año Nuevo
  '05-01', // Día del Trabajo
  '06-07', // Batalla de Arica y Día de la Bandera
  '06-29', // San Pedro y San Pablo
  '07-23', // Día de la Fuerza Aérea
  '07-28', // Fiestas Patrias
  '07-29', // Fiestas Patrias
  '08-06', // Batalla de Junín
  '08-30', // Santa Rosa de Lima
  '10-08', // Combate de Angamos
  '11-01', // Todos los Santos
  '12-08', // Inmaculada Concepción
  '12-09', // Batalla de Ayacucho
  '12-25', // Navidad
]);

/** True for a fixed-date national holiday or one of `extra` (full 'YYYY-MM-DD' dates). */
export function isPeruHoliday(date: string, extra: ReadonlySet<string> = new Set()): boolean {
  return PERU_FIXED_HOLIDAYS.has(date.slice(5)) || extra.has(date);
}

/**
 * SUNAT's exchange rate of `date`: the SBS close it repeats (`close`, the latest business day
 * before `date`) and the day SUNAT published it (`published`, the day after that close). SUNAT
 * publishes each morning the previous day's SBS close, holidays included, and nothing after a day
 * without one (Saturday, Sunday, a holiday): then the last published rate applies. So Monday repeats
 * Saturday's (Friday's close), a holiday after a business day has a rate of its own, and the day
 * after a holiday has none (sources in src/padron/SOURCES.md).
 */
export function sunatRateOf(
  date: string,
  extraHolidays: ReadonlySet<string> = new Set(),
): { close: string; published: string } {
  const close = previousBusinessDay(date, extraHolidays);
  return { close, published: addDays(close, 1) };
}

/**
 * Days with no exchange rate of their own (the day before had no SBS close: Sunday, Monday, the
 * day after a holiday): the last published one applies, so a morning post need not wait for it.
 */
export function isNoRateDay(date: string, extraHolidays: ReadonlySet<string> = new Set()): boolean {
  return !isBusinessDay(addDays(date, -1), extraHolidays);
}

/** Monday to Friday and not a holiday (fixed national ones plus `extraHolidays`). */
export function isBusinessDay(date: string, extraHolidays: ReadonlySet<string> = new Set()): boolean {
  const weekday = weekdayOf(date);
  return weekday >= 1 && weekday <= 5 && !isPeruHoliday(date, extraHolidays);
}

/** The latest business day strictly before `date` (`el último día hábil`). */
export function previousBusinessDay(date: string, extraHolidays: ReadonlySet<string> = new Set()): string {
  let day = addDays(date, -1);
  while (!isBusinessDay(day, extraHolidays)) day = addDays(day, -1);
  return day;
}

/** Configured holidays as a set, made once per list (configuration keeps the same list). */
const holidaySets = new WeakMap<readonly string[], ReadonlySet<string>>();
const NO_HOLIDAYS: ReadonlySet<string> = new Set();
export function holidaySet(holidays: readonly string[] | undefined): ReadonlySet<string> {
  if (holidays === undefined || holidays.length === 0) return NO_HOLIDAYS;
  let set = holidaySets.get(holidays);
  if (set === undefined) holidaySets.set(holidays, (set = new Set(holidays)));
  return set;
}
