/**
 * The Lima calendar, computed with Intl for the America/Lima zone so the server's TZ never
 * matters. Dates are 'YYYY-MM-DD' strings (as the lookup API wants them).
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

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: LIMA_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Wall-clock fields of an instant in Lima. */
export function limaParts(at: Date): LimaParts {
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(at)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const year = fields.year ?? 0;
  const month = fields.month ?? 1;
  const day = fields.day ?? 1;
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    year,
    month,
    day,
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday,
  };
}

/** The Lima calendar date of an instant. */
export function limaDate(at: Date): string {
  return limaParts(at).date;
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

/** The instant when Lima's wall clock shows `hour:minute` on `date` (offset read from Intl, not assumed). */
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
