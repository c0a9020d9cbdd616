import { describe, expect, it } from 'vitest';
import { looksLikeSpokenDate, spokenDate, spokenPeriod } from '../../src/input/date-words.js';

/** Sunday 22/11/2026: this week is Mon 16 … Sun 22, last week Mon 9 … Sun 15. */
const SUNDAY = '2026-11-22';
/** Wednesday 18/11/2026. */
const WEDNESDAY = '2026-11-18';

function dayOf(raw: string, today = SUNDAY): string | undefined {
  const spoken = spokenDate(raw, today);
  if (spoken === undefined) return undefined;
  const { year, month, day } = spoken.parts;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return spoken.kind === 'day' ? iso : `mismatch ${iso}`;
}

function periodOf(raw: string, current = '2026-11'): string | undefined {
  const spoken = spokenPeriod(raw, current);
  return spoken && `${spoken.year}-${String(spoken.month).padStart(2, '0')}`;
}

describe('spoken dates (today: Sunday 22/11/2026)', () => {
  it.each([
    // days of a month, any order and separator
    ['el 5', '2026-11-05'],
    ['del 3 de este mes', '2026-11-03'],
    ['del 3 del mes pasado', '2026-10-03'],
    ['el 5 del mes antepasado', '2026-09-05'],
    ['20 de nov de este año', '2026-11-20'],
    ['20 de noviembre del año pasado', '2025-11-20'],
    ['15/10 del año pasado', '2025-10-15'],
    ['20-nov', '2026-11-20'],
    ['20/nov/2026', '2026-11-20'],
    ['20 nov 26', '2026-11-20'],
    ['nov 20', '2026-11-20'],
    ['noviembre 20 del 2026', '2026-11-20'],
    ['20 11 2026', '2026-11-20'],
    ['2026.11.20', '2026-11-20'],
    ['fecha 20/11/2026', '2026-11-20'],
    // numbers in words and ordinals
    ['veinte de noviembre', '2026-11-20'],
    ['treinta y uno de octubre', '2026-10-31'],
    ['diez y seis de octubre', '2026-10-16'],
    ['primero de noviembre', '2026-11-01'],
    ['1ero de noviembre', '2026-11-01'],
    ['1° de noviembre', '2026-11-01'],
    ['1º de nov', '2026-11-01'],
    // relative days and offsets
    ['anoche', '2026-11-21'],
    ['del día de ayer', '2026-11-21'],
    ['hace 2 días', '2026-11-20'],
    ['hace tres días', '2026-11-19'],
    ['3 días atrás', '2026-11-19'],
    ['hace 2 días atrás', '2026-11-20'],
    ['hace una semana', '2026-11-15'],
    ['hace un mes', '2026-10-22'],
    ['hace un año', '2025-11-22'],
    // weekdays and weeks
    ['el viernes', '2026-11-20'],
    ['el lunes pasado', '2026-11-16'],
    ['el domingo', '2026-11-15'],
    ['el domingo pasado', '2026-11-15'],
    ['este domingo', '2026-11-22'],
    ['el lunes de esta semana', '2026-11-16'],
    ['la semana pasada el martes', '2026-11-10'],
    ['el viernes de la semana pasada', '2026-11-13'],
    ['el lunes de la semana antepasada', '2026-11-02'],
    ['el lunes de hace dos semanas', '2026-11-02'],
    ['el próximo lunes', '2026-11-23'],
    ['el viernes 20', '2026-11-20'],
    ['viernes 20/11', '2026-11-20'],
    ['el viernes 13', '2026-11-13'],
    ['el viernes 30', '2026-10-30'],
    ['ayer sábado', '2026-11-21'],
    // ends of months and business days (Peru's holidays from src/time/lima.ts)
    ['el último día hábil', '2026-11-20'],
    ['último día útil', '2026-11-20'],
    ['fin del mes pasado', '2026-10-31'],
    ['al cierre de octubre', '2026-10-31'],
    ['cierre del año pasado', '2025-12-31'],
    ['último día hábil de octubre', '2026-10-30'],
    // times of day are ignored
    ['ayer en la tarde', '2026-11-21'],
    ['de ayer por la mañana', '2026-11-21'],
    ['ayer 6pm', '2026-11-21'],
    ['de hoy a las 9', SUNDAY],
    ['hoy 9:00', SUNDAY],
    ['de esta mañana', SUNDAY],
    ['20/11 a las 3 pm', '2026-11-20'],
    ['hoy a las 9 de la mañana', SUNDAY],
    ['del viernes en la tarde', '2026-11-20'],
  ])('%j → %s', (raw, iso) => {
    expect(dayOf(raw)).toBe(iso);
  });

  it('keeps impossible days for the caller to refuse, and flags a weekday the day is not', () => {
    expect(dayOf('31/11')).toBe('2026-11-31');
    expect(dayOf('el viernes 21')).toBe('mismatch 2026-11-21');
    expect(dayOf('ayer viernes')).toBe('mismatch 2026-11-21');
  });

  it.each([
    'fin de mes', // which month?
    'fin de año',
    'la semana pasada', // which day?
    'del 5 de este año', // which month?
    'a las 9', // a time alone
    'el 9 de la mañana',
    'mañana temprano', // a plan, not a request
    'el próximo lunes a las 9',
    'una',
    'del lunes lo mando yo',
    'pronto',
    '3 personas',
  ])('%j is not a date', (raw) => {
    expect(dayOf(raw)).toBeUndefined();
    expect(looksLikeSpokenDate(raw)).toBe(false);
  });

  it('reads weekdays the same on any day: the latest before today, this week, next week', () => {
    expect(dayOf('el miércoles', WEDNESDAY)).toBe('2026-11-11');
    expect(dayOf('el miércoles pasado', WEDNESDAY)).toBe('2026-11-11');
    expect(dayOf('este miércoles', WEDNESDAY)).toBe(WEDNESDAY);
    expect(dayOf('el lunes', WEDNESDAY)).toBe('2026-11-16');
    expect(dayOf('este viernes', WEDNESDAY)).toBe('2026-11-20');
    expect(dayOf('el martes de la semana pasada', WEDNESDAY)).toBe('2026-11-10');
    expect(dayOf('el último día hábil', '2026-11-02')).toBe('2026-10-30'); // Nov 1 is a holiday
  });
});

describe('spoken periods (current: 11/2026)', () => {
  it.each([
    ['setiembre', '2026-09'],
    ['setiembre del año pasado', '2025-09'],
    ['de octubre del año pasado', '2025-10'],
    ['del mes de octubre', '2026-10'],
    ['mes de setiembre', '2026-09'],
    ['10/26', '2026-10'],
    ['10-2026', '2026-10'],
    ['2026/10', '2026-10'],
    ['oct.', '2026-10'],
    ['oct-2026', '2026-10'],
    ['del mes', '2026-11'],
    ['actual', '2026-11'],
    ['vigente', '2026-11'],
    ['del mes pasado', '2026-10'],
    ['anterior', '2026-10'],
    ['hace 2 meses', '2026-09'],
    ['hace un año', '2025-11'],
    ['del próximo mes', '2026-12'],
    ['13/2026', '2026-13'],
  ])('%j → %s', (raw, period) => {
    expect(periodOf(raw)).toBe(period);
  });

  it('crosses year boundaries', () => {
    expect(periodOf('mes pasado', '2026-01')).toBe('2025-12');
    expect(periodOf('hace 14 meses', '2026-01')).toBe('2024-11');
  });

  it.each([
    '2025',
    '5 trabajadores',
    'de ayer',
    'hace 2 semanas',
    'octubre 2026 del año pasado',
    'fin de mes',
  ])('%j is not a period', (raw) => {
    expect(periodOf(raw)).toBeUndefined();
  });
});
