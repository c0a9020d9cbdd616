/**
 * Every named rule of the calendar and clock grammars with lines it must fire on (`yes`) and lines
 * it must not (`no`): the rule's name must be, or must not be, among the `because` of the match.
 * rules.test.ts runs them all; a rule added to a grammar gets its row here.
 */
export type GrammarName = 'number' | 'ordinal' | 'clock' | 'weekday' | 'date' | 'period' | 'schedule';

export interface RuleRow {
  readonly grammar: GrammarName;
  readonly rule: string;
  readonly yes: readonly string[];
  readonly no: readonly string[];
}

// prettier-ignore
export const RULES: readonly RuleRow[] = [
  // number
  { grammar: 'number', rule: 'number-digits', yes: ['20', 'son 3 cajas'], no: ['veinte', 'tres cajas'] },
  { grammar: 'number', rule: 'number-words', yes: ['dieciocho', 'treinta y uno', 'dos mil veintiséis', 'once'], no: ['18', 'una caja'] },
  // ordinal
  { grammar: 'ordinal', rule: 'ordinal-words', yes: ['primero', 'la segunda', 'vigésimo segundo', 'decimotercero'], no: ['1ro', 'uno'] },
  { grammar: 'ordinal', rule: 'ordinal-digits', yes: ['1ro', '1ra', '2da', '3er', '1°', '1º', '1.º', '3ª'], no: ['primero', '1', '2026'] },
  // clock: the number or word an hour starts with
  { grammar: 'clock', rule: 'clock-colon', yes: ['08:30', 'a las 7:15hrs', '9:30am'], no: ['8h30', '8.30'] },
  { grammar: 'clock', rule: 'clock-h', yes: ['8h30', '8h', '10hrs', '7h01'], no: ['08:30', '8 horas'] },
  { grammar: 'clock', rule: 'clock-dotted', yes: ['8.30', '7.15pm', 'a las 6.13 AM'], no: ['8:30', '20.11.2026'] },
  { grammar: 'clock', rule: 'clock-digits', yes: ['a las 7', '9am', '7 y media'], no: ['a las siete', '08:30'] },
  { grammar: 'clock', rule: 'clock-compact', yes: ['340pm', '1140 a.m.'], no: ['0830', '340'] },
  { grammar: 'clock', rule: 'clock-words', yes: ['a las ocho', 'siete y media', 'ocho menos cuarto'], no: ['ocho cajas', 'a las 8'] },
  { grammar: 'clock', rule: 'clock-noon', yes: ['al mediodía', 'a medio día'], no: ['a medianoche', 'media hora'] },
  { grammar: 'clock', rule: 'clock-midnight', yes: ['a medianoche', 'a la media noche'], no: ['al mediodía'] },
  // clock: what comes around it
  { grammar: 'clock', rule: 'clock-prefix', yes: ['a las 8', 'para las 8:30', 'como a las 9', 'tipo 8', 'cerca de las 8'], no: ['8:30', '8 y media'] },
  { grammar: 'clock', rule: 'clock-and-minutes', yes: ['8 y media', '7 y cuarto', '6 y 50', '8 con 10', 'nueve y cuarenta y cinco'], no: ['8:30', '8 menos cuarto'] },
  { grammar: 'clock', rule: 'clock-minus', yes: ['9 menos cuarto', 'ocho menos diez'], no: ['9 y cuarto', 'todos menos el lunes'] },
  { grammar: 'clock', rule: 'clock-meridiem', yes: ['7 pm', '7 p. m.', '7 a.m.', 'a las siete pm'], no: ['7pm', '7 de la tarde'] },
  { grammar: 'clock', rule: 'clock-day-part', yes: ['5 de la tarde', 'ocho de la mañana', '10 de la noche', '8pm de la noche'], no: ['8 de noviembre', 'por la tarde a las 7'] },
  { grammar: 'clock', rule: 'clock-spoken-minutes', yes: ['a las siete treinta', 'a las once cuarenta y cinco'], no: ['a las 7 30', 'siete y treinta'] },
  { grammar: 'clock', rule: 'clock-minutes-to', yes: ['3 minutos para las 8', '10 min para las nueve'], no: ['para las 8', 'el 5 para las 8'] },
  { grammar: 'clock', rule: 'clock-part-before', yes: ['por la tarde a las 7', 'en la noche a las 9', 'a la tarde a las 7:00'], no: ['a las 7 de la tarde', 'mañana a las 7'] },
  // weekday
  { grammar: 'weekday', rule: 'weekday', yes: ['el lunes', 'mié', 'el mier', 'los sábados'], no: ['este lunes', 'el lunes pasado'] },
  { grammar: 'weekday', rule: 'weekday-modifier-before', yes: ['este martes', 'el próximo lunes', 'el pasado viernes'], no: ['el lunes', 'el lunes pasado'] },
  { grammar: 'weekday', rule: 'weekday-modifier-after', yes: ['el lunes pasado', 'el viernes que viene', 'este miércoles pasado'], no: ['este lunes'] },
  { grammar: 'weekday', rule: 'weekday-last', yes: ['el último domingo'], no: ['el último día', 'el domingo'] },
  // date: reading
  { grammar: 'date', rule: 'date-relative-day', yes: ['ayer', 'antier', 'pasado mañana', 'esta mañana', 'anoche'], no: ['el lunes', 'por la mañana a las 8'] },
  { grammar: 'date', rule: 'date-day-part', yes: ['ayer en la tarde', 'el viernes por la noche'], no: ['ayer', 'esta tarde'] },
  { grammar: 'date', rule: 'date-ago', yes: ['hace 2 días', 'hace una semana', '3 días atrás'], no: ['2 días', 'hace frío'] },
  { grammar: 'date', rule: 'date-weekday', yes: ['el lunes', 'el mier', 'viernes 20'], no: ['ayer', 'el 20'] },
  { grammar: 'date', rule: 'date-unit-reference', yes: ['el 3 del mes pasado', 'el martes de la semana pasada', 'el día siguiente'], no: ['el 3 de noviembre'] },
  { grammar: 'date', rule: 'date-calendar', yes: ['20/11/2026', '3 d noviembre', 'el 1ra de noviembre', '20-nov-26', 'noviembre 20', '2026.11.20'], no: ['ayer', '3 de la tarde'] },
  { grammar: 'date', rule: 'date-end', yes: ['fin de octubre', 'al cierre del mes pasado'], no: ['el último día hábil', 'el 30 de octubre para el cierre'] },
  { grammar: 'date', rule: 'date-business-day', yes: ['el último día hábil', 'último día útil de octubre'], no: ['fin de octubre'] },
  { grammar: 'date', rule: 'date-current', yes: ['actual'], no: ['este'] },
  { grammar: 'date', rule: 'date-day-word', yes: ['el día 5'], no: ['el 5'] },
  { grammar: 'date', rule: 'date-time', yes: ['ayer 8h30', 'hoy a las 9', '19/11 10:30', 'ayer cerca de las 8'], no: ['ayer', '8.11'] },
  { grammar: 'date', rule: 'date-time-part', yes: ['anoche a las 7', 'a las 10 esta noche', '7:00 el domingo a la tarde'], no: ['anoche a las 7pm', 'ayer a las 7'] },
  // date: what the parts resolve to
  { grammar: 'date', rule: 'resolve-relative-day', yes: ['ayer', 'hoy 9:00'], no: ['el lunes'] },
  { grammar: 'date', rule: 'resolve-ago', yes: ['hace 2 días', 'el lunes de hace dos semanas'], no: ['ayer'] },
  { grammar: 'date', rule: 'resolve-month-past', yes: ['el 5 de octubre pasado', '25 de noviembre pasado'], no: ['el 5 de octubre', 'octubre pasado'] },
  { grammar: 'date', rule: 'resolve-day-of-month', yes: ['el 5', '20 de noviembre', 'viernes 20', 'al cierre del 31 de octubre'], no: ['el viernes', 'al cierre del mes pasado'] },
  { grammar: 'date', rule: 'resolve-weekday', yes: ['el viernes', 'el lunes de esta semana'], no: ['viernes 20'] },
  { grammar: 'date', rule: 'resolve-business-day', yes: ['el último día hábil'], no: ['fin de octubre'] },
  { grammar: 'date', rule: 'resolve-month-end', yes: ['fin de octubre', 'cierre del año pasado'], no: ['el último día hábil'] },
  { grammar: 'date', rule: 'resolve-current', yes: ['vigente'], no: ['hoy'] },
  // period
  { grammar: 'period', rule: 'period-month-past', yes: ['octubre pasado', 'de diciembre pasado'], no: ['octubre', 'el mes pasado'] },
  { grammar: 'period', rule: 'period-calendar', yes: ['setiembre', '10/2026', 'oct-2026', 'agosto de 99', '2016, noviembre'], no: ['mes pasado'] },
  { grammar: 'period', rule: 'period-reference', yes: ['mes pasado', 'el próximo mes'], no: ['setiembre'] },
  { grammar: 'period', rule: 'period-ago', yes: ['hace 2 meses', 'hace un año'], no: ['hace 2 días'] },
  { grammar: 'period', rule: 'period-current', yes: ['del mes', 'vigentes'], no: ['del mes pasado'] },
  { grammar: 'period', rule: 'period-past', yes: ['anterior'], no: ['mes anterior'] },
  { grammar: 'period', rule: 'period-month-reference', yes: ['este setiembre', 'el próximo junio'], no: ['setiembre'] },
  // schedule
  { grammar: 'schedule', rule: 'schedule-weekly', yes: ['08:30', 'a las 8 lun-vie'], no: ['dia 1 09:00'] },
  { grammar: 'schedule', rule: 'schedule-monthly', yes: ['dia 1 09:00', 'el 1ra de cada mes a las 8', 'el 3 d cada mes 8h30'], no: ['08:30 todos'] },
  { grammar: 'schedule', rule: 'days-set', yes: ['08:30 todos', 'a las 7 entre semana', '7:00 fines de semana'], no: ['08:30 lunes'] },
  { grammar: 'schedule', rule: 'days-list', yes: ['08:30 lunes', '7:00 lun,mié,vie', 'el mier a las 8'], no: ['08:30 lun-vie'] },
  { grammar: 'schedule', rule: 'days-range', yes: ['08:30 lun-vie', 'de lunes a viernes a las 7', '7:00 desde el lunes hasta el jueves'], no: ['08:30 lunes y martes'] },
  { grammar: 'schedule', rule: 'days-except', yes: ['7:00 excepto domingos', '7:00 todos menos sábado'], no: ['7:00 todos'] },
  { grammar: 'schedule', rule: 'days-default', yes: ['08:30', 'a las 8 y media'], no: ['08:30 todos'] },
];
