import { lexicon } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import { type CommandIndex, type CommandMatch } from './command-index.js';
import { agentBefore, subjectTells } from './subject.js';
import type { WordClass } from '../lexicon/types.js';
import { isMark, leadInLength, phraseEndsAt, SOCIAL, statementAt, toldAfterClitic } from './line.js';

/**
 * Finding the command words of a line: past the lead-in (`hola chasqui, me pasas …`), past a
 * preface clause (`otra cosita más: …`), and after the identifier (`¿el ruc … tiene deuda?`).
 */

/** How many words may precede the command word. */
const MAX_LEAD_IN = 14;
/** How many command words one line may name before the scan stops. */
const MAX_CANDIDATES = 3;
/** Command words looked for after the identifier. */
const MAX_LATE = 2;
/** A preface clause is at most this long (`de parte de gerencia,`, `me olvidé,`). */
const MAX_PREFACE = 12;
/** Preface clauses before the command word (`Distinguidos colegas, a efectos del cierre, …`). */
const MAX_PREFACES = 2;
/** Clause boundaries a preface may end on. */
const BOUNDARY = /[,:;.!?…]$/u;

/** A command found in a line, and where the words it may read start (for command words after them). */
export interface Candidate extends CommandMatch {
  /** Set for command words after the identifier: its slots may be read from here on. */
  readonly lateFrom?: number;
  /** A preface clause was skipped before the command word. */
  readonly preface?: boolean;
}

/**
 * `si` typed without accent before a clause is the conjunction (`dime si el ruc … sigue habido`),
 * not the yes a driver answers with (`si`, `sí confirmo`).
 */
function yesBeforeClause(match: CommandMatch, tokens: readonly Token[], keys: readonly string[]): boolean {
  const part = match.trigger.parts[0];
  if (part?.kind !== 'class' || part.cls !== 'affirmation' || match.end - match.start !== 1) return false;
  const token = tokens[match.start];
  if (!token || token.accented || token.trail !== '') return false;
  const next = match.end;
  return next < tokens.length && !isMark(tokens[next]) && lexicon.lengthAt(keys, next, SOCIAL) === 0;
}

/**
 * Length of a preface clause at `at`: words up to a clause boundary (`,` `:` `.` or a dash) that
 * hold no number, no negation and no command word (`ahí va otra: placa …`, `me olvidé, también …`).
 */
function prefaceLength(
  index: CommandIndex,
  tokens: readonly Token[],
  keys: readonly string[],
  at: number,
): number {
  const purpose = purposeOpens(keys, at);
  /** For a purpose clause: no word of a time nor a verb in it so far. */
  let plain = purpose;
  for (let end = at; end < tokens.length && end - at < MAX_PREFACE; end++) {
    const token = tokens[end]!;
    if (/\d/u.test(token.text) || lexicon.is(keys[end] ?? '', 'negation')) return 0;
    if (end > at && index.at(tokens, keys, end).length > 0) return 0;
    // A clause ends at a mark, or at an emoji that stands for one (`tengo chamba 😩 pásame …`).
    const closes = BOUNDARY.test(token.trail) || (isMark(token) && end > at);
    if (closes) return end + 1 < tokens.length ? end + 1 - at : 0;
    // `para la liquidación de beneficios sírvanse indicar …`: what it is for, up to the verb that asks.
    plain &&= !lexicon.entries(keys[end] ?? '').some((e) => WHEN.has(e.class)) && !lexicon.verbAt(keys, end);
    if (plain && end > at + 1 && leadInLength(tokens, keys, end + 1, false) > 0) return end + 1 - at;
  }
  return 0;
}

/** Words that open what a request is for (`para`, `a efectos de`): a preface up to the verb. */
const PURPOSE: ReadonlySet<WordClass> = new Set(['reason']);
/**
 * The clause at `at` says what the request is for, as a noun (`para la liquidación`, `a efectos del
 * cierre`): not `es para …` nor `que …`, which say it after the request.
 */
function purposeOpens(keys: readonly string[], at: number): boolean {
  if (keys[at] === 'es' || keys[at] === 'que' || keys[at] === 'q') return false;
  if (lexicon.lengthAt(keys, at, PURPOSE) > 0) return true;
  let from = at;
  while (from > 0 && lexicon.is(keys[from - 1] ?? '', 'article')) from -= 1;
  return phraseEndsAt(keys, from, PURPOSE);
}

/** Words of a time, which say when rather than what for (`para el lunes mándame …`). */
const WHEN: ReadonlySet<WordClass> = new Set(['relative-day', 'weekday', 'month', 'day-part', 'date-unit']);

/** The commands a line names, in the order to try them. */
export function scanLine(
  index: CommandIndex,
  tokens: readonly Token[],
  keys: readonly string[],
  question: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  // `ya vi el tc`, `ya se consultó …`: a verb that tells what was done names no request.
  const told = (m: CommandMatch) =>
    m.trigger.parts[0]?.kind === 'verb' && toldAfterClitic(tokens, keys, m.start);
  const found = (at: number) =>
    index.at(tokens, keys, at).filter((m) => !yesBeforeClause(m, tokens, keys) && !told(m));
  let leadIns = 0;
  let preface = false;
  let prefaces = 0;
  let at = 0;
  /** Where the lead-in ends: the first command word that is no asking verb, or the first other word. */
  let leadEnd: number | undefined;
  while (at < tokens.length && out.length < MAX_CANDIDATES && leadIns <= MAX_LEAD_IN) {
    const matches = found(at);
    if (matches.length > 0) {
      const seen = new Set<string>();
      const asking = matches.every((m) =>
        Array.from({ length: m.end - m.start }, (_, i) => m.start + i).every(
          (i) => leadInLength(tokens, keys, i, question) > 0,
        ),
      );
      if (!asking) leadEnd ??= at;
      for (const match of matches) {
        // One reading per command and span; triggers that differ in what they need are all tried.
        const id = `${match.command.name}:${match.end}:${match.trigger.needs ?? ''}`;
        if (seen.has(id)) continue;
        seen.add(id);
        out.push(preface ? { ...match, preface } : match);
      }
      // A trigger that may still fail its `needs` does not hide what starts inside it.
      at = Math.min(...matches.map((m) => (m.trigger.needs === undefined ? m.end : at + 1)));
      continue;
    }
    let skip = leadInLength(tokens, keys, at, question);
    if (skip === 0 && out.length === 0 && prefaces < MAX_PREFACES) {
      skip = prefaceLength(index, tokens, keys, at);
      preface ||= skip > 0;
      if (skip > 0) prefaces += 1;
    }
    if (skip === 0) break;
    at += skip;
    leadIns += 1;
  }
  // Command words after the identifier: `¿el ruc … tiene deuda coactiva?`, `si el … tiene locales`.
  const lateFrom = leadEnd ?? at;
  let late = 0;
  for (let i = at; i < tokens.length && late < MAX_LATE; i++) {
    const matches = found(i);
    const match = matches[0];
    if (!match || out.some((c) => c.command === match.command)) continue;
    out.push({ ...match, lateFrom });
    late += 1;
    i = match.end - 1;
  }
  return out;
}

/**
 * Before `end`, a verb that tells: one whose subject is named right before it (`el bot manda`, `la
 * jefa pide`) or a statement (`ya programé`, `se registra`).
 */
export function toldBefore(
  tokens: readonly Token[],
  keys: readonly string[],
  end: number,
  question: boolean,
): boolean {
  for (let at = 0; at < end; at++) {
    const verb = agentBefore(keys, at) ? lexicon.verbAt(keys, at) : undefined;
    if (verb?.forms.every((form) => subjectTells(keys, at, form))) return true;
    if (statementAt(tokens, keys, at, question) !== undefined) return true;
  }
  return false;
}
