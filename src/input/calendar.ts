/**
 * The Peruvian calendar facts the bot needs: national holidays and the days on which the tax
 * authority publishes no exchange rate. Dates are 'YYYY-MM-DD' Lima calendar dates.
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
 * Days with no exchange rate of their own (Sunday, Monday, holidays): the last published one
 * applies, so a morning post need not wait for the day's rate.
 */
export function isNoRateDay(date: string, extraHolidays: ReadonlySet<string> = new Set()): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 1 || isPeruHoliday(date, extraHolidays);
}
