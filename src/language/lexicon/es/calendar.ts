import { list, named, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * The calendar and the clock as people say them: months, weekdays, days counted from today,
 * units and their modifiers, parts of the day, clock words, and the words of weekly and monthly
 * schedules. The date, period, clock and schedule grammars read only these.
 */
export const CALENDAR_WORDS: readonly LexEntry[] = [
  ...valued('month', 'es', {
    1: ['enero', 'ene'],
    2: ['febrero', 'feb'],
    3: ['marzo', 'mar', 'mzo'],
    4: ['abril', 'abr'],
    5: ['mayo', 'may'],
    6: ['junio', 'jun'],
    7: ['julio', 'jul'],
    8: ['agosto', 'ago', 'agos'],
    9: ['setiembre', 'septiembre', 'set', 'sep', 'sept', 'setiem'],
    10: ['octubre', 'oct'],
    11: ['noviembre', 'nov', 'novi', 'nobiembre'],
    12: ['diciembre', 'dic', 'dici'],
  }),
  // 0 = Sunday … 6 = Saturday, as `weekdayOf` in src/time/lima.ts. The first form is the name as
  // shown to users and the second its abbreviation as shown (weekday.ts `weekdayName`; the stored
  // text of a schedule uses it: `07:45 lun-vie`), so both keep their accents.
  ...valued('weekday', 'es', {
    0: ['domingo', 'dom', 'domingos', 'dgo'],
    1: ['lunes', 'lun'],
    2: ['martes', 'mar', 'mart'],
    3: ['miércoles', 'mié', 'mier', 'mierc', 'mierco'],
    4: ['jueves', 'jue', 'juev'],
    5: ['viernes', 'vie', 'vier'],
    6: ['sábado', 'sáb', 'sabados'],
  }),
  // Days from today.
  ...valued('relative-day', 'es', {
    0: ['hoy', 'hoy dia', 'el dia de hoy', 'ahora', 'esta manana', 'esta tarde', 'esta noche'],
    [-1]: ['ayer', 'anoche', 'ayer en la noche'],
    [-2]: ['anteayer', 'antier', 'ante ayer', 'antes de ayer', 'antes de anoche', 'antenoche'],
    1: ['manana'],
    2: ['pasado manana'],
  }),
  ...valued('relative-day', 'es', { 0: ['esta madrugada'] }),
  ...valued('date-unit', 'es', { day: ['dia', 'dias'], week: ['semana', 'semanas'] }, false),
  ...valued('date-unit', 'es', { month: ['mes', 'meses'], year: ['ano', 'anos'] }, false),
  // Offsets of a unit: `esta semana`, `el mes pasado`, `el próximo año`, `el mes en curso`.
  ...valued('unit-modifier', 'es', {
    0: ['este', 'esta', 'presente', 'actual', 'en curso', 'vigente', 'vigentes'],
    1: ['proximo', 'proxima', 'siguiente', 'que viene', 'entrante'],
    [-1]: ['pasado', 'pasada', 'anterior'],
    [-2]: ['antepasado', 'antepasada'],
  }),
  ...valued(
    'date-keyword',
    'es',
    {
      ago: ['hace'],
      back: ['atras', 'antes'],
      end: ['fin', 'final', 'cierre', 'ultimo', 'ultimo dia'],
      business: ['ultimo dia habil', 'ultimo dia util', 'ultimo habil', 'ultimo dia laborable'],
      'business-before': ['dia habil anterior', 'anterior dia habil'],
    },
    false,
  ),
  // A part of the day: `9 de la mañana`, `por la tarde`. Days said with their part (`anoche`,
  // `esta noche`) are also relative days: `anoche a las 7` is 19:00 yesterday.
  ...valued(
    'day-part',
    'es',
    {
      // Plurals say the part of every day (`en las mañanas`, `por las tardes`).
      am: ['manana', 'esta manana', 'mananas'],
      pm: ['tarde', 'esta tarde', 'tardes'],
      night: ['noche', 'anoche', 'esta noche', 'ayer en la noche', 'antenoche', 'noches'],
      dawn: ['madrugada', 'esta madrugada'],
    },
    false,
  ),
  ...valued(
    'clock-word',
    'es',
    {
      noon: ['mediodia', 'medio dia'],
      midnight: ['medianoche', 'media noche'],
      half: ['media'],
      quarter: ['cuarto'],
      sharp: ['en punto'],
      early: ['temprano', 'tempranito', 'a primera hora', 'primera hora'],
      // Between an hour and its minutes: `8 y media`, `8 con 10`, `9 menos cuarto`.
      plus: ['y', 'con'],
      minus: ['menos'],
    },
    false,
  ),
  ...valued('time-unit', 'es', { hour: ['h', 'hs', 'hr', 'hrs', 'hora', 'horas'] }, false),
  ...valued('time-unit', 'es', { minute: ['min', 'mins', 'minuto', 'minutos'] }, false),
  ...valued('meridiem', 'es', { am: ['am', 'a.m', 'a. m', 'a m'], pm: ['pm', 'p.m', 'p. m', 'p m'] }, false),
  // Said before a time: `a las 8`, `para las 8:30`, `como a las 9`, `tipo 8` (pe). `para las` also
  // counts minutes back (`3 minutos para las 8`, see clock.ts).
  ...valued('time-prefix', 'es', { at: ['a las', 'a la', 'como a las', 'a eso de las', 'desde las'] }, false),
  ...valued('time-prefix', 'es', { at: ['tipo', 'por las', 'eso de las', 'sobre las', 'como las'] }, false),
  ...valued(
    'time-prefix',
    'es',
    {
      at: ['cerca de las', 'alrededor de las'],
      to: ['para las', 'para la'],
      // When something is due or starts: `antes de las 5`, `hasta las 6`, `después de la 1`.
      by: ['antes de las', 'antes de la', 'hasta las', 'hasta la', 'a mas tardar a las'],
      after: ['despues de las', 'despues de la', 'luego de las', 'pasadas las'],
      // `la reunión de las 3`, `el turno de la 1`: an hour said with its article.
      of: ['de las', 'de la'],
    },
    false,
  ),
  // Sets of days in a weekly schedule.
  ...valued(
    'day-set',
    'es',
    {
      all: ['todos los dias', 'todas las mananas', 'toda la semana', 'cada dia', 'cada manana', 'a diario'],
      work: ['entre semana', 'habiles', 'habil', 'laborables', 'laborable', 'utiles', 'dias habiles'],
      weekend: ['fin de semana', 'fines de semana', 'finde', 'findes'],
    },
    false,
  ),
  ...valued(
    'day-set',
    'es',
    { all: ['todos', 'diario', 'diaria', 'diariamente', 'todos los dias habiles'] },
    false,
  ),
  ...list('except', 'es', 'menos', 'excepto', 'salvo', 'sin', 'except', 'exceptuando', 'quitando'),
  ...list('except', 'es', 'excluyendo', 'fuera de', 'menos el', 'menos los', 'excepto el', 'excepto los'),
  ...list('range-to', 'es', 'a', 'al', 'hasta'),
  ...list('range-from', 'es', 'desde'),
  ...valued('recurrence', 'es', { repeat: ['cada', 'siempre', 'semanal', 'semanalmente'] }, false),
  ...valued(
    'recurrence',
    'es',
    { monthly: ['mensual', 'mensualmente', 'de cada mes', 'todos los meses'] },
    false,
  ),
  // When the posts start is not part of a schedule: dropped.
  ...list('start-phrase', 'es', 'a partir de hoy', 'a partir de manana', 'a partir de ahora'),
  ...list('start-phrase', 'es', 'de ahora en adelante', 'desde hoy', 'desde manana', 'desde ahora'),
  ...list('start-phrase', 'es', 'desde ya', 'en adelante', 'de hoy en adelante'),
  // Words a date carries without meaning: `fecha 20/11`, `periodo 10-2026`.
  named('filler', 'es', 'date', ['fecha', 'periodo']),
];
