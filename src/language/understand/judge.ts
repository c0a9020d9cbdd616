import { UserError } from '../../errors/user-error.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { type CommandIndex, partLength } from './command-index.js';
import type { Part } from './declare.js';
import {
  askedState,
  classAt,
  describesNoun,
  DETERMINER,
  edgeLength,
  leadInLength,
  NONE,
  QUESTION,
  statementAt,
  STATEMENT,
  TAIL,
  tailStart,
  toldAfterClitic,
} from './line.js';
import type { Candidate } from './scan.js';
import { agentBefore } from './subject.js';
import { type CommandShape, type CommandSlots, type Judged, type LineContext, textOf } from './slots.js';
import { askedExplicitly, asksForMe, tailRule } from './tail.js';
import { POLITE } from './words.js';

/**
 * Judging one command word of a line: its slots filled (slots.ts), then every word left must be
 * an edge word, a social tail, a reason, or what is asked in a question; a statement word makes
 * the line a remark. The rules that decided are named in `because`.
 */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const FREE_TEXT: ReadonlySet<string> = new Set(['watch-note', 'topic', 'text']);
const TIME_GRAMMARS: ReadonlySet<string> = new Set(['date', 'period', 'schedule', 'job', 'fund']);
/** The verb that says what a second value is: `…, su número es 987…`. */
const COPULA: ReadonlySet<string> = new Set(['es', 'son']);
/** `uy`, `asu`, `chuta`: surprise, not a request. */
const INTERJECTION = set('interjection');
/** Before the slot: what is asked of it (`datos del ruc`), whose it is (`del proveedor`). */
const BEFORE_SLOT = set(
  'person-noun',
  'topic-noun',
  'attribute',
  'label',
  'concept',
  'place-here',
  'adverb',
  'pronoun',
);
const BEFORE_TIME_SLOT = new Set([...BEFORE_SLOT].filter((cls) => cls !== 'person-noun'));
/** Before a needed word: `agrega el ruc … A LA lista`. */
const BEFORE_NEED = set('preposition', 'article', 'asking-noun');
/** In a question, what is asked about may sit anywhere: `¿de qué marca es la placa …?`. */
const ASKED = set('ack', ...QUESTION);

/** Judges `match` in a line (see the module comment). */
export type Judge = (
  match: Candidate,
  tokens: readonly Token[],
  keys: readonly string[],
  line: LineContext,
) => Judged;

/** How judging may be done; the default is what the bot runs. */
export interface JudgeOptions {
  /** Read the documented form (`ruc 20123456786`) directly (see `documentedForm`); tests turn it off. */
  readonly documentedForm?: boolean;
}

export function createJudge(
  index: CommandIndex,
  commandSlots: CommandSlots,
  options: JudgeOptions = {},
): Judge {
  const readsDocumentedForm = options.documentedForm !== false;
  const { shapeOf, ignoredAt, fillSlots, matchKeeps, build } = commandSlots;

  /** Finds a `needs` part after the command words; returns its span (with the words before it). */
  function needSpan(part: Part, tokens: readonly Token[], keys: readonly string[], from: number) {
    for (let at = from; at < tokens.length; at++) {
      const length = partLength(part, keys, at, '');
      if (length === 0) continue;
      let start = at;
      while (start > from && classAt(keys, start - 1, BEFORE_NEED) > 0) start -= 1;
      return { start, end: at + length };
    }
    return undefined;
  }

  /**
   * Judges the words of a line around the command words: fills the slots, then every word left
   * must be an edge word, a social tail, a reason, or what is asked in a question; a statement
   * word makes the line a remark.
   */
  function judge(
    match: Candidate,
    tokens: readonly Token[],
    keys: readonly string[],
    line: LineContext,
  ): Judged {
    const command = match.command;
    const because = [`command:${command.name}`];
    const remark = (rule: string): Judged => ({
      reading: { act: 'remark', command: command.name, because: [...because, rule] },
      request: false,
    });
    const needs = match.trigger.needs;
    if (needs === 'bot' && !line.namesBot) return remark('needs-bot-named');
    if (needs === 'bot-or-here' && !line.namesBot && !line.namesHere) return remark('needs-bot-or-here');
    if (needs === 'addressed' && line.addressed === undefined) return remark('needs-addressed');
    if (thankedFor(keys, match.start)) return remark('thanked-for');
    if (match.preface) because.push('preface');
    // `Razón social: Inversiones Mar Azul SAC`: a field of a pasted form, not a (paid) search.
    const field =
      /:$/u.test(tokens[match.end - 1]?.trail ?? '') &&
      match.trigger.parts.every((p) => p.kind === 'concept');
    const shape = shapeOf(command);
    if (field && shape.names && line.addressed === undefined) return remark('pasted-field');
    // Command words after the identifier (`¿el ruc … tiene deuda?`) read their slots around them.
    const late = match.lateFrom !== undefined;
    if (late) because.push('command-after-value');
    const from = late
      ? match.lateFrom!
      : match.trigger.command === command && matchKeeps(match)
        ? match.start
        : match.end;
    if (readsDocumentedForm && !late && from === 1 && tokens.length === 2) {
      const short = documentedForm(match, shape, tokens, keys, line);
      if (short) return short;
    }
    const wordsEnd = Math.max(from, match.end);
    const taken = new Array<boolean>(tokens.length).fill(false);
    for (let i = 0; i < from; i++) taken[i] = true;
    if (late) for (let i = match.start; i < match.end; i++) taken[i] = true;
    if (match.trigger.needPart) {
      const span = needSpan(match.trigger.needPart, tokens, keys, match.end);
      if (!span) return remark('needs-word');
      for (let i = span.start; i < span.end; i++) taken[i] = true;
      because.push('needed-word');
    }
    // `tc 3.79`, `afp 10%`, `S/ 3.79`: a rate someone quotes, not a request for one.
    if (shape.rates && tokens.slice(from).some(quotedValue)) return remark('quoted-value');
    // Courtesy, thanks and slang at the end are no part of any slot: `tc hoy porfa`, `… al toque pe`.
    const tailFrom = tailStart(tokens, keys, wordsEnd, shape.ignored);
    const slotTaken = taken.slice();
    for (let i = tailFrom; i < tokens.length; i++) slotTaken[i] = true;
    // Words the command ignores are no slot's either: `tc SUNAT hoy`, `deuda del ruc …`.
    for (let i = from; i < tailFrom; i++) {
      const ignored = slotTaken[i] === true ? 0 : ignoredAt(command, keys, i);
      for (let k = i; k < i + ignored; k++) slotTaken[k] = true;
    }
    const slots = fillSlots(command, tokens, slotTaken, line.gctx);
    for (const slot of Object.values(slots)) for (let i = slot.start; i < slot.end; i++) taken[i] = true;
    const spans = Object.values(slots);
    const firstSpan = spans.length > 0 ? Math.min(...spans.map((s) => s.start)) : tokens.length;
    const lastSpan = spans.length > 0 ? Math.max(...spans.map((s) => s.end)) : from;
    for (const [name, slot] of Object.entries(slots)) because.push(`slot:${name}`, ...slot.match.because);
    // A slot that reads several values spans the words between them: they must not tell either.
    for (const [name, slot] of Object.entries(slots)) {
      // A note says what it likes, but not that the request is off (`… ya no es necesario`).
      const grammarName = command.slots?.[name]?.grammar ?? '';
      if (FREE_TEXT.has(grammarName)) {
        for (let i = slot.start; i < slot.end && grammarName === 'watch-note'; i++)
          if (lexicon.is(keys[i] ?? '', 'negation')) return remark(`negated:${keys[i]}`);
        continue;
      }
      for (let i = slot.start; i < slot.end; i++) {
        // `xml de la factura …`, `tipo de cambio`; not a noun after a clitic (`se envió la guía …`)
        if (namedInSpan(keys, i, slot.start) && !toldAfterClitic(tokens, keys, i)) continue;
        if (statementAt(tokens, keys, i, line.question)) return remark(`statement:${keys[i]}`);
      }
    }
    // `placa nueva del camión: C3X918`: words, a colon, the value: a labelled field someone shares.
    const colonOnWords =
      /:$/u.test(tokens[match.end - 1]?.trail ?? '') &&
      tokens.slice(0, match.start).some((_, i) => leadInLength(tokens, keys, i, line.question) === 0);
    const labelled = colonOnWords || tokens.slice(wordsEnd, firstSpan).some((t) => t.trail.endsWith(':'));
    const askedFirst = askedExplicitly(keys, match, 0);
    if (labelled && !late && !askedFirst && line.addressed === undefined && !line.question)
      return remark('pasted-field');
    // The words left: before the slots, between them, after them.
    const afterAll = Math.max(lastSpan, wordsEnd);
    const tail = Math.max(afterAll, tailStart(tokens, keys, afterAll, shape.ignored));
    const tailContext = {
      tokens,
      keys,
      match,
      slots,
      forMe: asksForMe(keys, match.start),
      asked: askedExplicitly(keys, match, 0),
      polite: line.question || keys.some((_, i) => classAt(keys, i, POLITE) > 0),
      question: line.question,
    };
    const valued = spans.some((s) => s.match.weak !== true && s.match.vague !== true);
    // `uy el dólar 😱`, `asu, la guía`: a command word exclaimed at, asking for nothing.
    if (spans.length === 0 && !askedFirst && !tailContext.polite && line.addressed === undefined) {
      for (let i = 0; i < match.start; i++)
        if (classAt(keys, i, INTERJECTION) > 0) return remark(`exclaimed:${keys[i]}`);
    }
    // Whose it is (`del proveedor`) goes before an identifier, not a date (`las comisiones de los vendedores para el 5`).
    const owned = Object.keys(slots).some((name) => !TIME_GRAMMARS.has(command.slots?.[name]?.grammar ?? ''));
    /** Where each run of words the command ignores starts, since the last slot word (`…, aquí …`). */
    const ignoredStarts: number[] = [];
    for (let at = from; at < tail;) {
      if (taken[at] === true) {
        ignoredStarts.length = 0;
        at += 1;
        continue;
      }
      const ignored = ignoredAt(command, keys, at);
      if (ignored > 0) {
        if (at >= afterAll) ignoredStarts.push(at);
        at += ignored;
        continue;
      }
      const after = at >= afterAll && (spans.length > 0 || shape.complete);
      // After a complete request: a reason, whose it is, a name, what it is for (see tail.ts); the
      // tail may start at words the command ignores (`desactivar el bot, aquí solo coordinamos …`).
      const complete = after && (valued || shape.complete);
      let rule = complete ? tailRule(tailContext, at) : undefined;
      for (let i = ignoredStarts.length - 1; complete && rule === undefined && i >= 0; i--)
        rule = tailRule(tailContext, ignoredStarts[i]!);
      if (rule) {
        because.push(rule);
        break;
      }
      const statement = statementAt(tokens, keys, at, line.question);
      // `anota al chofer 4123…, su número es 987…`: asked, `es` only says which value is which.
      const secondValue = spans.some((span) => span.end <= at);
      if (askedFirst && secondValue && COPULA.has(keys[at] ?? '') && taken[at + 1] === true) {
        because.push('says-the-value');
        at += 1;
        continue;
      }
      if (statement && !(statement === 'state-verb' && line.question)) {
        if (!(after && tailContext.forMe)) return remark(`statement:${keys[at]}`);
      }
      const edge = Math.max(
        edgeLength(tokens, keys, at, line.question, NONE),
        line.question ? classAt(keys, at, ASKED) : 0,
        line.question && spans.length === 0 && presentVerb(keys, at) ? 1 : 0,
        spans.length > 0 && at < firstSpan ? classAt(keys, at, owned ? BEFORE_SLOT : BEFORE_TIME_SLOT) : 0,
        describesNoun(tokens, keys, at) || (line.question && askedState(keys, at)) ? 1 : 0,
      );
      if (edge > 0) {
        at += edge;
        continue;
      }
      const lateRule = after ? tailRule(tailContext, at) : undefined;
      if (lateRule) {
        because.push(lateRule);
        break;
      }
      return remark(`word-beside:${keys[at]}`);
    }
    if (tail < tokens.length) because.push('social-tail');
    // A vague slot (`comisiones` as the AFP job) counts only beside valid others.
    const vague = spans.some((s) => s.match.vague === true);
    if (vague && spans.some((s) => 'error' in s.match.result)) return remark('vague-slot');
    // Required slots: a request without one is no request (addressed: its "missing" error), but a
    // line that filled another one asked for it (`programar tc` lacks only the time).
    for (const [name, spec] of shape.slots) {
      if (spec.optional === true || slots[name]) continue;
      if (spec.optional === 'addressed' && line.addressed !== undefined) continue;
      const filled = spans.some(
        (s) => !('error' in s.match.result) && s.match.weak !== true && s.match.vague !== true,
      );
      if (!filled || spec.missing === undefined) return remark(`slot-missing:${name}`);
      const error = new UserError(spec.missing, { ...spec.missingData });
      return {
        reading: {
          act: 'request',
          command: command.name,
          because: [...because, `missing:${name}`],
          args: { error },
          rawArgs: textOf(tokens, from),
        },
        request: true,
      };
    }
    const topicSlot = shape.topic ? slots[shape.topic] : undefined;
    if (topicSlot && line.addressed === undefined) {
      // The topic's head names a command (`ayuda con la placa`), not a word after it (`el excel de planilla`).
      const words = tokens.slice(topicSlot.start, topicSlot.end);
      const wordKeys = words.map((t) => t.key);
      let head = 0;
      for (let edge = 1; edge > 0 && head < words.length; head += edge)
        edge = edgeLength(words, wordKeys, head, false, NONE);
      const named = words.some((_, i) => i <= head && index.at(words, wordKeys, i).length > 0);
      if (!named && !saidOfItself(words, wordKeys)) return remark('help-topic-names-no-command');
      if (!named) {
        // `los comandos disponibles del asistente`: words said of the help itself, not a topic.
        delete slots[shape.topic!];
        because.push('help-of-itself');
      }
    }
    const weak = spans.some((s) => s.match.weak === true);
    if (weak && line.addressed === undefined) return remark('weak-slot');
    if (line.joking && spans.length === 0 && line.addressed === undefined) return remark('joking');
    return {
      reading: {
        act: 'request',
        command: command.name,
        because,
        args: build(command, slots, match, line.gctx),
        rawArgs: textOf(tokens, from),
      },
      request: true,
      argsEnd: Math.max(from, lastSpan),
    };
  }

  /**
   * The documented form, `ruc 20123456786`, `tc 20/11/2026`: the command's own word, then one
   * token with a digit that the command's one slot reads whole. Nothing else is in the line, so
   * no rule of `judge` past the slot can apply (no lead-in, edge, tail, statement or label): the
   * slot's reading is the request. Most requests are written so; reading them this way skips the
   * work meant for longer lines. test/language/documented-form.test.ts holds it to `judge`.
   */
  function documentedForm(
    match: Candidate,
    shape: CommandShape,
    tokens: readonly Token[],
    keys: readonly string[],
    line: LineContext,
  ): Judged | undefined {
    const command = match.command;
    const value = tokens[1]!;
    if (match.start !== 0 || match.end !== 1 || match.preface || match.trigger.needPart) return undefined;
    if (tokens[0]!.trail !== '' || (value.shape !== 'number' && value.shape !== 'alnum')) return undefined;
    if (shape.slots.length !== 1 || shape.topic !== undefined) return undefined;
    const [name, spec] = shape.slots[0]!;
    if (FREE_TEXT.has(spec.grammar)) return undefined;
    if (shape.rates && quotedValue(value)) return undefined;
    // Not a word ending a request (`porfa`) nor one the command ignores: the slot reads it.
    if (classAt(keys, 1, TAIL) > 0 || (shape.ignored.size > 0 && classAt(keys, 1, shape.ignored) > 0))
      return undefined;
    if (ignoredAt(command, keys, 1) > 0) return undefined;
    const slots = fillSlots(command, tokens, [true, false], line.gctx);
    const slot = slots[name];
    if (!slot || slot.start !== 1 || slot.end !== 2 || slot.match.weak === true || slot.match.vague === true)
      return undefined;
    return {
      reading: {
        act: 'request',
        command: command.name,
        because: [`command:${command.name}`, `slot:${name}`, ...slot.match.because],
        args: build(command, slots, match, line.gctx),
        rawArgs: textOf(tokens, 1),
      },
      request: true,
      argsEnd: 2,
    };
  }

  return judge;
}

const THANKS = set('thanks');

/**
 * True when the words before `at` thank for what follows (`gracias por la ayuda`, `mil gracias
 * por el ruc …`): the command word there is what was given, not what is asked.
 */
function thankedFor(keys: readonly string[], at: number): boolean {
  let end = at;
  while (end > 0 && classAt(keys, end - 1, DETERMINER) === 1) end -= 1;
  for (let from = Math.max(0, end - 4); from < end; from++) {
    const hit = lexicon.phrasesAt(keys, from, THANKS).find((h) => from + h.length === end);
    if (hit?.entry.value === 'for') return true;
  }
  return false;
}

/** Said of a list of commands itself: `disponibles`, `del asistente`, `aquí`. */
const OF_ITSELF = set('state-adjective', 'bot-name', 'place-here');

/** True when every word of `words` is an edge word or says something of the help itself. */
function saidOfItself(words: readonly Token[], keys: readonly string[]): boolean {
  for (let at = 0; at < words.length;) {
    const length = edgeLength(words, keys, at, true, OF_ITSELF);
    if (length === 0) return false;
    at += length;
  }
  return words.length > 0;
}

/** A verb in the present (`participas`, `tenemos`): in a question about a list, what is asked. */
function presentVerb(keys: readonly string[], at: number): boolean {
  // Not one said of someone named before it: `¿el bot manda el tc?` asks about the bot.
  if (agentBefore(keys, at)) return false;
  return (lexicon.verbAt(keys, at)?.forms ?? []).some(
    (f) => f.form === 'present-2' || f.form === 'present-1',
  );
}

/**
 * A word the lexicon knows as something other than a verb, alone or inside a phrase that starts
 * within the slot (`factura` the document, `tipo de cambio`, `el envío`): the slot's own words.
 */
function namedInSpan(keys: readonly string[], at: number, spanStart: number): boolean {
  if (lexicon.entries(keys[at] ?? '').some((e) => !STATEMENT.has(e.class))) return true;
  for (let from = Math.max(spanStart, at - 4); from < at; from++) {
    const hits = lexicon.phrasesAt(keys, from);
    if (hits.some((h) => from + h.length > at && !STATEMENT.has(h.entry.class))) return true;
  }
  return false;
}

/** `3.79`, `3,7120`, `S/ 3.79`, `10%`: a rate or share someone quotes. */
function quotedValue(token: Token): boolean {
  return /^(s\/)?\d[.,]\d{2,4}$/iu.test(token.text) || token.text.includes('%') || token.key === 's/';
}
