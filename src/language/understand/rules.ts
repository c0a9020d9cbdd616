import { atomsOf } from '../grammars/atoms.js';
import { GRAMMARS } from '../grammars/registry.js';
import type { GrammarContext } from '../grammars/types.js';
import { lexicon, type WordClass } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';

/**
 * Named rules that read a line as another command than the one it names first, each with lines
 * it must and must not change (one generic test runs them all: test/language/rule-book.test.ts).
 */
export interface HandOff {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  /** The new argument text, or undefined when the rule does not apply. */
  when(
    tokens: readonly Token[],
    keys: readonly string[],
    from: number,
    ctx: GrammarContext,
  ): string | undefined;
  readonly yes: readonly string[];
  readonly no: readonly string[];
  /** Only when a verb named the command (`verifica …`), not its own word (`lote …`). */
  readonly byVerb?: boolean;
}

const eightDigits = (tokens: readonly Token[], from: number) =>
  tokens.slice(from).filter((t) => /^\d{8}$/u.test(t.text));
const names = (keys: readonly string[], from: number, concept: string) =>
  keys.slice(from).some((k) => lexicon.entries(k).some((e) => e.class === 'concept' && e.value === concept));

const WEEKDAY: ReadonlySet<WordClass> = new Set(['weekday']);
/** Every weekday is one word: one is in a part of a line (what days.ts reads) only if in the line. */
const ONE_WORD_WEEKDAYS = lexicon.keysOf('weekday').every((k) => !k.includes(' '));

/** Whether `tokens` may name a weekday, so a schedule read from them may list days. */
function mayNameWeekday(tokens: readonly Token[]): boolean {
  if (!ONE_WORD_WEEKDAYS) return true;
  // A weekday is letters: digits and marks alone (`20/11/2026`) name none.
  if (!tokens.some((t) => t.shape === 'word' || t.shape === 'alnum')) return false;
  const { keys } = atomsOf(tokens);
  return keys.some((_, i) => lexicon.lengthAt(keys, i, WEEKDAY) > 0);
}

/** A line whose argument is a recurring time (`todos los días a las 8`) schedules the job. */
function recurring(job: string): HandOff['when'] {
  return (tokens, keys, from, ctx) => {
    const rest = tokens.slice(from);
    const repeats = keys
      .slice(from)
      .some((_, i) =>
        lexicon
          .phrasesAt(keys, from + i)
          .some((h) => h.entry.class === 'day-set' || h.entry.class === 'recurrence'),
      );
    // Without a repeat word or a weekday it cannot repeat: no schedule to read (`tc 20/11/2026`).
    if (!repeats && !mayNameWeekday(rest)) return undefined;
    const found = GRAMMARS.schedule.find(rest, ctx);
    if (!found || 'error' in found.result) return undefined;
    // Several weekdays with a time (`de lunes a viernes a las 9`) repeat too.
    const listed = (found.result.value as { days?: readonly number[] }).days ?? [];
    const days =
      found.because.includes('days-range') || (found.because.includes('days-list') && listed.length > 1);
    if (!repeats && !days) return undefined;
    return `${job} ${rest.map((t) => t.text).join(' ')}`;
  };
}

/** The one RUC (11 digits) or DNI (8) of a list, when the list holds exactly one number. */
function onlyId(length: number): HandOff['when'] {
  return (tokens, _keys, from) => {
    const numbers = tokens.slice(from).filter((t) => /\d/u.test(t.text));
    const digits = numbers[0]?.text.replace(/[.\s-]/gu, '') ?? '';
    return numbers.length === 1 && digits.length === length ? digits : undefined;
  };
}

export const HAND_OFFS: readonly HandOff[] = [
  {
    name: 'one-ruc-checked',
    from: 'lote',
    to: 'ruc',
    byVerb: true,
    when: onlyId(11),
    yes: ['verifica el 20601234565', 'me confirmas la razón social del 20612345679?'],
    no: ['verifica 20601234565 y 20100456789', 'lote 20601234565'],
  },
  {
    name: 'one-dni-checked',
    from: 'lote',
    to: 'dni',
    byVerb: true,
    when: onlyId(8),
    yes: ['verifica 45678912'],
    no: ['lote 45678912'],
  },
  {
    name: 'dni-named-in-ruc',
    from: 'ruc',
    to: 'dniruc',
    when(tokens, keys, from) {
      // The number may come first: `el 45678912 tiene ruc?`.
      const start = eightDigits(tokens, from).length > 0 ? from : 0;
      const dni = eightDigits(tokens, start);
      // An 8-digit number is no RUC: asked as a question, it asks for the RUC of that DNI.
      const asked = names(keys, start, 'dni') || tokens.some((t) => t.trail.includes('?'));
      if (dni.length !== 1 || !asked) return undefined;
      if (tokens.slice(start).some((t) => t.text.replace(/[.-]/gu, '').match(/\d{9,}/u))) return undefined;
      return dni[0]!.text;
    },
    yes: [
      'ruc de la señora identificada con dni 70123456',
      '¿tiene ruc el dni 45678912?',
      'el 45678912 tiene ruc?',
    ],
    no: ['ruc 20123456786', 'ruc 20123456786 del dni 45678912'],
  },
  {
    name: 'ruc-asked-of-dni',
    from: 'dni',
    to: 'dniruc',
    when(tokens, keys, from) {
      const dni = eightDigits(tokens, from);
      return dni.length === 1 && names(keys, from, 'ruc') ? dni[0]!.text : undefined;
    },
    yes: ['dni 41234567 tiene ruc?', '¿el señor con dni 41234567 tiene ruc?'],
    no: ['dni 41234567'],
  },
  {
    name: 'recurring-time',
    from: 'tc',
    to: 'programar',
    when: recurring('tc'),
    yes: ['tc diario a las 9 porfa', 'envía el tc cada mañana a las 7:30', 'tc de lunes a viernes a las 8'],
    no: ['tc 20/11 a las 3pm', 'tc ayer', 'tc a las 9', 'tc del lunes a las 9'],
  },
  {
    name: 'recurring-time',
    from: 'afp',
    to: 'programar',
    when: recurring('afp'),
    yes: ['manda las comisiones afp el 1 de cada mes a las 9'],
    no: ['afp octubre'],
  },
];
