import { fold } from '../text/fold.js';
import { tokens } from './args.js';

/**
 * The one home of date words (issue 11): every word or phrase people use for a day or a month,
 * turned into typed tokens for the grammar in date-grammar.ts. `20-nov-2026`, `1ro`, `veinte`,
 * `antes de ayer`, `la semana pasada`, `6pm` and `por la tarde` all become tokens here; nothing
 * else in the code base lists a month or weekday name.
 */

/** Calendar units of a relative offset or reference (`hace 2 semanas`, `el mes pasado`). */
export type DateUnit = 'day' | 'week' | 'month' | 'year';

export type DateToken =
  /** A number typed (`20`, `2026`, `1ro`) or spelled (`veinte`, `primero`); `digits` is 0 when spelled. */
  | { kind: 'num'; value: number; digits: number; article?: true }
  | { kind: 'month'; value: number }
  /** 0 = Sunday … 6 = Saturday, as `weekdayOf`. */
  | { kind: 'weekday'; value: number }
  /** Days from today: `hoy`, `ayer`, `anoche`, `esta mañana`, `mañana`. */
  | { kind: 'rel'; days: number }
  /** A week, month or year counted from the current one: `esta semana`, `mes pasado`, `próximo año`. */
  | { kind: 'ref'; unit: DateUnit; offset: number }
  /** A bare unit word: `días`, `semanas`, `mes`, `año`. */
  | { kind: 'unit'; unit: DateUnit }
  /** A time of day, ignored (rates are daily); `suffix` when it makes the number before it an hour (`9 de la mañana`, `6 pm`). */
  | { kind: 'time'; suffix?: true }
  /** Grammar keywords (see `KEYWORDS`). */
  | { kind: 'word'; word: Keyword }
  /** Anything else: the line is not a date. */
  | { kind: 'other'; text: string };

export type Keyword =
  | 'hace' // hace 2 días
  | 'atras' // 2 días atrás
  | 'past' // el lunes pasado, pasado alone (a period)
  | 'this' // este lunes
  | 'next' // el próximo lunes
  | 'current' // actual, vigente
  | 'end' // fin, cierre, último día
  | 'business' // último día hábil
  | 'at'; // a las (9)

// Maps, not object literals: `__proto__` typed in chat must not read as a month.
// prettier-ignore
const MONTHS: ReadonlyMap<string, number> = new Map(Object.entries({
  enero: 1, ene: 1, febrero: 2, feb: 2, marzo: 3, mar: 3, abril: 4, abr: 4, mayo: 5, may: 5,
  junio: 6, jun: 6, julio: 7, jul: 7, agosto: 8, ago: 8, setiembre: 9, septiembre: 9, set: 9,
  sep: 9, sept: 9, octubre: 10, oct: 10, noviembre: 11, nov: 11, diciembre: 12, dic: 12,
}));

// prettier-ignore
const WEEKDAYS: ReadonlyMap<string, number> = new Map(Object.entries({
  domingo: 0, dom: 0, lunes: 1, lun: 1, martes: 2, miercoles: 3, mie: 3, jueves: 4, jue: 4,
  viernes: 5, vie: 5, sabado: 6, sab: 6,
}));

/** Spelled numbers up to 31 (days, counts); `un`/`una` are also articles (`DateToken.article`). */
// prettier-ignore
const UNITS = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
// prettier-ignore
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...UNITS.slice(1).map((word, i) => [word, i + 1] as const),
  ['un', 1], ['una', 1], ['primero', 1], ['primer', 1], ['diez', 10], ['once', 11], ['doce', 12],
  ['trece', 13], ['catorce', 14], ['quince', 15], ['dieciseis', 16], ['diecisiete', 17],
  ['dieciocho', 18], ['diecinueve', 19], ['veinte', 20], ['veintiun', 21], ['veintiuna', 21],
  ...UNITS.slice(1).map((word, i) => [`veinti${word}`, 21 + i] as const),
  ['treinta', 30],
  // `diez y seis`, `veinte y uno`, `treinta y uno` (and `treinta y un`).
  ...(['diez', 'veinte', 'treinta'] as const).flatMap((tens, t) =>
    [...UNITS.slice(1), 'un'].map((word, i) => [`${tens} y ${word}`, (t + 1) * 10 + (i % 9) + 1] as const),
  ),
]);

/** Reference units with their genders: `esta semana`, `este mes`, `el año pasado`. */
const REF_UNITS: readonly (readonly [string, DateUnit])[] = [
  ['semana', 'week'],
  ['mes', 'month'],
  ['ano', 'year'],
];
const BEFORE_UNIT: ReadonlyMap<string, number> = new Map([
  ['este', 0], ['esta', 0], ['presente', 0], ['proximo', 1], ['proxima', 1], ['siguiente', 1],
  ['pasado', -1], ['pasada', -1],
]); // prettier-ignore
const AFTER_UNIT: ReadonlyMap<string, number> = new Map([
  ['actual', 0], ['en curso', 0], ['pasado', -1], ['pasada', -1], ['anterior', -1],
  ['antepasado', -2], ['antepasada', -2], ['que viene', 1], ['siguiente', 1], ['proximo', 1],
  ['proxima', 1], ['entrante', 1],
]); // prettier-ignore

const time = { kind: 'time' } as const;
const hourSuffix = { kind: 'time', suffix: true } as const;
const word = (keyword: Keyword) => ({ kind: 'word', word: keyword }) as const;
const rel = (days: number) => ({ kind: 'rel', days }) as const;

/** Words and phrases with a fixed meaning, matched longest first (`pasado mañana` before `pasado`). */
const PHRASES: ReadonlyMap<string, DateToken> = new Map<string, DateToken>([
  ['hoy', rel(0)], ['ahora', rel(0)], ['hoy dia', rel(0)], ['ayer', rel(-1)], ['anoche', rel(-1)],
  ['anteayer', rel(-2)], ['antier', rel(-2)], ['ante ayer', rel(-2)], ['antes de ayer', rel(-2)],
  ['antes de anoche', rel(-2)], ['manana', rel(1)], ['pasado manana', rel(2)],
  // A part of today: `esta mañana`, `esta tarde`.
  ...['manana', 'tarde', 'noche', 'madrugada'].map((part) => [`esta ${part}`, rel(0)] as const),
  // Times of day: `en la tarde`, `por la mañana`, `9 de la noche`, `al mediodía`, `6 pm`.
  ...['manana', 'tarde', 'noche', 'madrugada'].flatMap((part) => [
    [`en la ${part}`, time] as const,
    [`por la ${part}`, time] as const,
    [`de la ${part}`, hourSuffix] as const,
  ]),
  ['temprano', time], ['mediodia', time], ['al mediodia', time], ['a mediodia', time],
  ['am', hourSuffix], ['pm', hourSuffix], ['a.m', hourSuffix], ['p.m', hourSuffix],
  ['hrs', hourSuffix], ['hr', hourSuffix], ['h', hourSuffix], ['horas', hourSuffix],
  ['a las', word('at')], ['a la', word('at')],
  // Units, bare and as references.
  ['dia', { kind: 'unit', unit: 'day' }], ['dias', { kind: 'unit', unit: 'day' }],
  ...REF_UNITS.flatMap(([name, unit]): [string, DateToken][] => [
    [name, { kind: 'unit', unit }],
    [name === 'mes' ? 'meses' : `${name}s`, { kind: 'unit', unit }],
    ...[...BEFORE_UNIT].map(([mod, offset]): [string, DateToken] => [`${mod} ${name}`, { kind: 'ref', unit, offset }]),
    ...[...AFTER_UNIT].map(([mod, offset]): [string, DateToken] => [`${name} ${mod}`, { kind: 'ref', unit, offset }]),
  ]),
  ['hace', word('hace')], ['atras', word('atras')],
  ['pasado', word('past')], ['pasada', word('past')], ['anterior', word('past')],
  ['este', word('this')], ['esta', word('this')],
  ['proximo', word('next')], ['proxima', word('next')], ['que viene', word('next')],
  ['actual', word('current')], ['vigente', word('current')], ['en curso', word('current')],
  ['fin', word('end')], ['final', word('end')], ['cierre', word('end')], ['ultimo', word('end')],
  ['ultimo dia', word('end')],
  ...['ultimo dia habil', 'ultimo dia util', 'ultimo habil', 'ultimo dia laborable', 'dia habil anterior'].map(
    (phrase) => [phrase, word('business')] as const,
  ),
]); // prettier-ignore
const LONGEST_PHRASE = Math.max(
  ...[...PHRASES.keys(), ...NUMBER_WORDS.keys()].map((p) => p.split(' ').length),
);

/** Words around a date that carry nothing: `el`, `del`, `la fecha`, `al` (cierre). */
const FILLERS = new Set([
  'periodo',
  'el',
  'la',
  'los',
  'las',
  'lo',
  'de',
  'del',
  'al',
  'a',
  'en',
  'para',
  'por',
  'fecha',
  'con',
]);

/** `9:00`, `6pm`, `6p.m`, `10hrs`, `9:30am`: a clock time glued in one word. */
const CLOCK = /^\d{1,2}(?::\d{2}(?:\s*(?:am|pm|a\.m|p\.m|hrs?|h))?|(?:am|pm|a\.m|p\.m|hrs?|h))\.?$/u;
/** `1ro`, `1ero`, `1er`, `2do`, `1°`, `1o` (`1º` after NFKC): an ordinal day. */
const ORDINAL = /^(\d{1,2})(?:ro|ero|er|do|to|vo|no|mo|°|o)$/u;

/** `20-nov-2026` → `20 nov 2026`, `20nov` → `20 nov`: one typed word into atoms. */
function atoms(token: string): string[] {
  if (CLOCK.test(token) || ORDINAL.test(token) || PHRASES.has(token)) return [token];
  return token
    .split(/[-/.,]+/u)
    .flatMap((part) => part.split(/(?<=\d)(?=\p{L})|(?<=\p{L})(?=\d)/u))
    .filter((part) => part !== '');
}

function single(atom: string): DateToken | undefined {
  if (FILLERS.has(atom)) return undefined;
  if (/^\d+$/u.test(atom)) return { kind: 'num', value: Number(atom), digits: atom.length };
  const ordinal = ORDINAL.exec(atom);
  if (ordinal) return { kind: 'num', value: Number(ordinal[1]), digits: 0 };
  if (CLOCK.test(atom)) return time;
  const month = MONTHS.get(atom);
  if (month !== undefined) return { kind: 'month', value: month };
  const weekday = WEEKDAYS.get(atom);
  if (weekday !== undefined) return { kind: 'weekday', value: weekday };
  return { kind: 'other', text: atom };
}

/** A typed argument as date tokens: folded, split into atoms, phrases matched longest first, fillers dropped. */
export function dateTokens(raw: string): DateToken[] {
  const list = tokens(fold(raw)).flatMap(atoms);
  const out: DateToken[] = [];
  for (let at = 0; at < list.length;) {
    let matched = false;
    for (let n = Math.min(LONGEST_PHRASE, list.length - at); n > 0 && !matched; n--) {
      const key = list.slice(at, at + n).join(' ');
      const phrase = PHRASES.get(key);
      const number = NUMBER_WORDS.get(key);
      if (phrase === undefined && number === undefined) continue;
      const article = key === 'un' || key === 'una' ? { article: true as const } : {};
      out.push(phrase ?? { kind: 'num', value: number ?? 0, digits: 0, ...article });
      at += n;
      matched = true;
    }
    if (matched) continue;
    const token = single(list[at] ?? '');
    if (token) out.push(token);
    at += 1;
  }
  return out;
}
