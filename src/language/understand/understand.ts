import { UserError } from '../../errors/user-error.js';
import { GRAMMARS, type GrammarName } from '../grammars/registry.js';
import type { GrammarContext, SlotMatch } from '../grammars/types.js';
import { key } from '../key.js';
import { lexicon } from '../lexicon/index.js';
import type { WordClass } from '../lexicon/types.js';
import { MAX_LINE_LENGTH, type MessageLine, type MessageReader, readMessage } from '../normalize.js';
import { correctSpelling } from '../spelling.js';
import { type Token, tokenize } from '../tokenize.js';
import { type CommandMatch, CommandIndex, parsePart, partLength } from './command-index.js';
import { type CommandLanguage, type Part, type SlotSpec } from './declare.js';
import {
  askedState,
  classAt,
  describesNoun,
  edgeLength,
  isMark,
  leadInLength,
  socialKind,
  statementAt,
  STATEMENT,
  tailStart,
  toldAfterClitic,
} from './line.js';
import type { Addressed, Reading } from './reading.js';
import { HAND_OFFS } from './rules.js';
import { readLines, takingRest } from './lines.js';
import { mentions } from './mention.js';
import { type Candidate, scanLine } from './scan.js';
import { slipOf } from './slip.js';
import { askedExplicitly, asksForMe, tailRule, YIELDING_TAILS } from './tail.js';

/**
 * `understand(text, context) → Reading`: pure (no I/O, no clock but `context.now`), bounded (at
 * most MAX_LINES lines of MAX_LINE_LENGTH characters), and explained: every decision adds a rule
 * name to `because`. The router acts on the Reading; nothing here knows a chat or a store.
 */

export interface UnderstandContext extends GrammarContext {
  /** Group messages need the bot addressed or a request; direct chats are addressed. */
  readonly isGroup: boolean;
  /** The digits of the bot's own ids (phone number, LID): `@<digits>` addresses it. */
  readonly selfDigits: readonly string[];
}

export interface Understanding {
  readonly index: CommandIndex;
  understand(text: string, context: UnderstandContext): Reading;
  /** Reads `rawArgs` as the argument of `command` addressed to the bot (`ayuda`, tests). */
  argsOf(command: CommandLanguage, rawArgs: string, context: GrammarContext): NonNullable<Reading['args']>;
  /** The first command a text names, past its lead-in (`ayuda con la guía de remisión` → guia). */
  commandIn(text: string): CommandLanguage | undefined;
}

export { MAX_REQUESTS } from './lines.js';

const PREFIXES = /^[¿¡]*([/!.])(?=\p{L})/u;
/** `@519… `, `@519…, `, `@519… — `: mention tokens and their punctuation at a line's start. */
const LEADING_MENTIONS = /^(?:[([«"'“]?@\d+(?:[\p{P}\p{S}]+|(?=\s|$))\s*)+/u;
const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
const FREE_TEXT: ReadonlySet<string> = new Set(['watch-note', 'topic', 'text']);
const TIME_GRAMMARS: ReadonlySet<string> = new Set(['date', 'period', 'schedule', 'job', 'fund']);
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
/** Words that make a line courteous (a request, not a note): `por favor`, `gracias`. */
const POLITE = set('courtesy', 'thanks');
/** Before a needed word: `agrega el ruc … A LA lista`. */
const BEFORE_NEED = set('preposition', 'article', 'asking-noun');
const BOT_NAME = set('bot-name');
const PLACE_HERE = set('place-here');
const LAUGHTER = set('laughter');
const NAMES_ASKED = set('topic-noun', 'attribute');
const NONE: ReadonlySet<WordClass> = set();
/** In a question, what is asked about may sit anywhere: `¿de qué marca es la placa …?`. */
const ASKED = set(
  'ack',
  'state-verb',
  'state-adjective',
  'attribute',
  'rate-move',
  'question-word',
  'topic-noun',
  'auxiliary',
);

interface LineContext {
  readonly addressed: Addressed | undefined;
  readonly question: boolean;
  readonly gctx: GrammarContext;
  /** The line names the bot (`bot`, `chasqui`) or was an @mention of it. */
  readonly namesBot: boolean;
  readonly namesHere: boolean;
  /** The line laughs (`jajaja`) and neither asks nor thanks: a joke about a word, not a request. */
  readonly joking: boolean;
}

/**
 * What a line's words are, whoever sent it and whenever: its prefix, tokens (spelling slips read
 * past or not), whether it asks, and the command words it names. Read once per line text (chat
 * repeats lines: greetings, thanks, a request asked again); judging them stays per message.
 */
interface LineWords {
  readonly prefix: string | undefined;
  readonly tokens: readonly Token[];
  readonly keys: readonly string[];
  /** The spelling slips read past (`fatura→factura`); none when slips are not read. */
  readonly fixes: readonly string[];
  readonly question: boolean;
  /** A word of the line names the bot (`bot`, `chasqui`). */
  readonly botNamed: boolean;
  readonly namesHere: boolean;
  readonly joking: boolean;
  /** The command words found (scan.ts), with whose they are and whether they only ask. */
  readonly candidates: readonly { match: Candidate; owner: string | undefined; asking: boolean }[];
}

/** Lines remembered by `wordsOf`, and the longest one (longer ones are pasted text, read each time). */
const MAX_REMEMBERED_LINES = 1_024;
const MAX_REMEMBERED_LINE = 160;

interface Judged {
  readonly reading: Reading;
  readonly request: boolean;
}

type Slots = Record<string, { match: SlotMatch<unknown>; start: number; end: number }>;

/** A command's slots and what judging asks of them (see `shapeOf`). */
interface CommandShape {
  readonly slots: readonly [name: string, spec: SlotSpec][];
  /** A slot reads a company name (a pasted `Razón social:` field is no search). */
  readonly names: boolean;
  /** A slot reads a date or period (a quoted rate is no request for one). */
  readonly rates: boolean;
  /** The slot that names another command (`ayuda ruc`). */
  readonly topic: string | undefined;
  /** Classes the command ignores in its argument. */
  readonly ignored: ReadonlySet<WordClass>;
}

/** Builds the reader over the commands' declarations; throws at start-up on an unknown concept or sense. */
export function createUnderstanding(commands: readonly CommandLanguage[]): Understanding {
  const index = new CommandIndex(commands);
  const ignoredParts = new Map(commands.map((c) => [c, (c.ignores ?? []).map((p) => parsePart(p, c.name))]));

  /** Tokens of an ignored part (`c:vehicle`, `k:duration`) at `keys[at]`, 0 when none. */
  function ignoredAt(command: CommandLanguage, keys: readonly string[], at: number): number {
    let best = 0;
    for (const part of ignoredParts.get(command) ?? [])
      best = Math.max(best, partLength(part, keys, at, key(command.name)));
    return best;
  }

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

  function fillSlots(
    command: CommandLanguage,
    tokens: readonly Token[],
    taken: boolean[],
    gctx: GrammarContext,
  ): Slots {
    const slots: Slots = {};
    let from = 0;
    while (from < tokens.length && taken[from] === true) from += 1;
    for (const [name, spec] of shapeOf(command).slots) {
      const map: number[] = [];
      const sub: Token[] = [];
      // A slot read after the others (a note after the RUC) waits for them.
      if (spec.after && Object.keys(slots).length === 0) continue;
      const after = spec.after ? Math.max(from, ...Object.values(slots).map((s) => s.end)) : 0;
      for (let i = after; i < tokens.length; i++) {
        if (taken[i] === true) continue;
        map.push(i);
        sub.push(tokens[i]!);
      }
      const match = GRAMMARS[spec.grammar as GrammarName].find(sub, gctx) as SlotMatch<unknown> | undefined;
      if (!match || match.end <= match.start) continue;
      const start = map[match.start]!;
      const end = map[match.end - 1]! + 1;
      for (let i = match.start; i < match.end; i++) taken[map[i]!] = true;
      slots[name] = { match, start, end };
    }
    return slots;
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
    // Whose it is (`del proveedor`) goes before an identifier, not a date (`las comisiones de los vendedores para el 5`).
    const owned = Object.keys(slots).some((name) => !TIME_GRAMMARS.has(command.slots?.[name]?.grammar ?? ''));
    for (let at = from; at < tail;) {
      if (taken[at] === true) {
        at += 1;
        continue;
      }
      const ignored = ignoredAt(command, keys, at);
      if (ignored > 0) {
        at += ignored;
        continue;
      }
      const noSlots = shape.slots.length === 0;
      const after = at >= afterAll && (spans.length > 0 || noSlots);
      // After a complete request: a reason, whose it is, a name, what it is for (see tail.ts).
      const rule = after && (valued || noSlots) ? tailRule(tailContext, at) : undefined;
      if (rule) {
        because.push(rule);
        break;
      }
      const statement = statementAt(tokens, keys, at, line.question);
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
      if (!named) return remark('help-topic-names-no-command');
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
    };
  }

  function matchKeeps(match: CommandMatch): boolean {
    const trigger = match.command.triggers[match.trigger.order];
    return trigger?.keepsWords === true;
  }

  /** What judging reads of a command's declaration, made once per command. */
  const shapes = new Map<CommandLanguage, CommandShape>();
  function shapeOf(command: CommandLanguage): CommandShape {
    let shape = shapes.get(command);
    if (!shape) {
      const slots = Object.entries(command.slots ?? {});
      const parts = ignoredParts.get(command) ?? [];
      shape = {
        slots,
        names: slots.some(([, spec]) => spec.grammar === 'company-name'),
        rates: slots.some(([, spec]) => spec.grammar === 'date' || spec.grammar === 'period'),
        topic: slots.find(([, spec]) => spec.grammar === 'topic')?.[0],
        ignored: new Set(parts.flatMap((p) => (p.kind === 'class' ? [p.cls] : []))),
      };
      shapes.set(command, shape);
    }
    return shape;
  }

  /** The command's arguments from its slots and what the trigger implies (or the first error). */
  function build(
    command: CommandLanguage,
    slots: Slots,
    match: CommandMatch,
    gctx: GrammarContext,
  ): NonNullable<Reading['args']> {
    try {
      command.check?.(gctx);
    } catch (error) {
      if (error instanceof UserError) return { error };
      throw error;
    }
    const values: Record<string, unknown> = { ...match.trigger.implies };
    for (const [name, slot] of Object.entries(slots)) {
      if ('error' in slot.match.result) return { error: slot.match.result.error };
      values[name] = slot.match.result.value;
    }
    try {
      return { value: command.build ? command.build(values, gctx) : values };
    } catch (error) {
      if (error instanceof UserError) return { error };
      throw error;
    }
  }

  /** For an addressed line that is no clean request: the command's reading anyway (errors say why). */
  function addressedReading(
    match: CommandMatch,
    tokens: readonly Token[],
    line: LineContext,
    judged: Judged,
  ): Reading {
    if (judged.request) return judged.reading;
    const command = match.command;
    const from = matchKeeps(match) ? match.start : match.end;
    const taken = new Array<boolean>(tokens.length).fill(false);
    for (let i = 0; i < from; i++) taken[i] = true;
    const slots = fillSlots(command, tokens, taken, line.gctx);
    for (const [name, spec] of shapeOf(command).slots) {
      if (spec.optional !== undefined && spec.optional !== false) continue;
      if (slots[name]) continue;
      try {
        command.check?.(line.gctx);
      } catch (error) {
        if (error instanceof UserError)
          return {
            act: 'request',
            command: command.name,
            args: { error },
            because: [...judged.reading.because, 'addressed', 'check'],
            rawArgs: textOf(tokens, from),
          };
        throw error;
      }
      const error = new UserError(spec.missing ?? 'ref-missing', {
        ...spec.missingData,
        valor: textOf(tokens, from).slice(0, 30),
      });
      return {
        act: 'request',
        command: command.name,
        args: { error },
        because: [...judged.reading.because, 'addressed', `missing:${name}`],
        rawArgs: textOf(tokens, from),
      };
    }
    return {
      act: 'request',
      command: command.name,
      args: build(command, slots, match, line.gctx),
      because: [...judged.reading.because, 'addressed'],
      rawArgs: textOf(tokens, from),
    };
  }

  /**
   * One line's reading, with the spelling slips it read past named first in `because`. Like a
   * slip of a command word, a slip is read as the word meant only when that makes a request with
   * a valid value: otherwise the line is read as typed (`plaka nueva` stays a stranger's word).
   */
  function readLine(
    raw: string,
    addressed: Addressed | undefined,
    context: UnderstandContext,
    charge?: (chars: number) => void,
  ): Reading {
    const fixes: string[] = [];
    charge?.(raw.length);
    const reading = readWords(raw, addressed, context, fixes);
    if (fixes.length === 0) return reading;
    const valid =
      reading.act === 'request' && (reading.requests !== undefined || 'value' in (reading.args ?? {}));
    if (!valid) {
      charge?.(raw.length);
      return readWords(raw, addressed, context, undefined);
    }
    return { ...reading, because: [...fixes.map((fix) => `spelling:${fix}`), ...reading.because] };
  }

  /** Lines already read word by word (see LineWords), per line and spelling mode; bounded. */
  const linesRead = new Map<string, LineWords>();

  function wordsOf(raw: string, spelling: boolean): LineWords {
    const id = `${spelling ? 's' : 't'}${raw}`;
    let words = linesRead.get(id);
    if (words === undefined) {
      words = readLineWords(raw, spelling);
      if (raw.length <= MAX_REMEMBERED_LINE) {
        if (linesRead.size >= MAX_REMEMBERED_LINES) linesRead.clear();
        linesRead.set(id, words);
      }
    }
    return words;
  }

  function readLineWords(raw: string, spelling: boolean): LineWords {
    // Mentions before the command word (`@bot /tc`, `@51911… @bot, ruc …`) do not hide a prefix.
    let text = raw.replace(LEADING_MENTIONS, '');
    let prefix: string | undefined;
    const prefixed = PREFIXES.exec(text);
    if (prefixed) {
      prefix = prefixed[1];
      text = text.slice(prefixed[0].length);
    }
    const typed = tokenize(text).filter((t) => t.shape !== 'mention');
    const spelled = spelling ? correctSpelling(typed) : { tokens: typed, fixes: [] };
    const tokens = spelled.tokens;
    const keys = tokens.map((t) => t.key);
    const words = { prefix, tokens, keys, fixes: spelled.fixes };
    if (tokens.length === 0)
      return { ...words, question: false, botNamed: false, namesHere: false, joking: false, candidates: [] };
    const question = asksQuestion(text, tokens, keys);
    const found = scanLine(index, tokens, keys, question);
    const candidates = found.map((match) => {
      // Help gives way only to an identifier: `ayuda con el ruc 2012…` looks it up, `ayuda ruc` explains.
      const topical = shapeOf(match.command).topic !== undefined;
      const digits = tokens.slice(match.end).some((t) => /\d/u.test(t.text));
      const asking =
        tokens
          .slice(match.start, match.end)
          .every((_, i) => leadInLength(tokens, keys, match.start + i, question) > 0) &&
        (!topical || digits);
      return { match, owner: ownerOfEarlier(match, found, keys), asking };
    });
    // One pass for what the line names: the bot, the place, laughter, courtesy, a verb.
    let botNamed = false;
    let namesHere = false;
    let laughs = false;
    let earnest = false;
    for (let i = 0; i < keys.length; i++) {
      botNamed ||= classAt(keys, i, BOT_NAME) > 0;
      namesHere ||= classAt(keys, i, PLACE_HERE) > 0;
      if (!question) {
        laughs ||= classAt(keys, i, LAUGHTER) > 0;
        earnest ||= classAt(keys, i, POLITE) > 0 || lexicon.verbAt(keys, i) !== undefined;
      }
    }
    return {
      ...words,
      question,
      botNamed,
      namesHere,
      joking: !question && laughs && !earnest,
      candidates,
    };
  }

  function readWords(
    raw: string,
    addressed: Addressed | undefined,
    context: UnderstandContext,
    fixes: string[] | undefined,
  ): Reading {
    const words = wordsOf(raw, fixes !== undefined);
    const { prefix, tokens, keys, question } = words;
    if (fixes && words.fixes.length > 0) fixes.push(...words.fixes);
    const lineAddressed = addressed ?? (prefix ? 'prefix' : undefined);
    const base: { addressed?: Addressed; prefix?: string } = {};
    if (lineAddressed) base.addressed = lineAddressed;
    if (prefix) base.prefix = prefix;
    if (tokens.length === 0) return { ...base, act: 'unknown', because: ['empty'] };
    const line: LineContext = {
      addressed: lineAddressed,
      question,
      gctx: context,
      namesBot: addressed === 'mention' || words.botNamed,
      namesHere: words.namesHere,
      joking: words.joking,
    };
    const judgedAll: { match: Candidate; judged: Judged; asking: boolean }[] = [];
    for (const { match, owner, asking } of words.candidates) {
      const judged: Judged = owner
        ? { request: false, reading: { act: 'remark', command: match.command.name, because: [owner] } }
        : (handOff(match, tokens, keys, line) ?? judge(match, tokens, keys, line));
      judgedAll.push({ match, judged, asking });
      // A word that takes no argument, followed by more (`confirmo el ruc …`), is a remark: no
      // later command word is tried (an asking verb such as `verificar` still passes on).
      const saidMore = judged.reading.because.some(
        (r) => r.startsWith('word-beside') || r.startsWith('statement'),
      );
      const pause = /[,;:.!]$/u.test(tokens[match.end - 1]?.trail ?? '');
      if (match.command.argShape === 'none' && !asking && saidMore && !pause) break;
    }
    const best = pickCandidate(judgedAll);
    if (best) return { ...base, ...best.judged.reading, because: [...best.judged.reading.because] };
    // Addressed but no request: the command it names says what is missing (`@bot ruc` → the RUC);
    // a word that only hints at one (`¿estás activo?`, a command word after the value) names none.
    const named = judgedAll.find((c) => c.match.lateFrom === undefined && namesCommand(c.match));
    if (lineAddressed && named)
      return { ...base, ...addressedReading(named.match, tokens, line, named.judged) };
    const first = judgedAll[0];
    const owners = judgedAll.flatMap((c) =>
      c.judged.reading.because.filter((r) => r.startsWith('owner-of:')),
    );
    if (first && !lineAddressed)
      return { ...base, ...first.judged.reading, because: [...first.judged.reading.because, ...owners] };
    const slip = slipOf(tokens, keys, question, index, (match) => judge(match, tokens, keys, line));
    if (slip) return { ...base, ...slip };
    const social = socialKind(tokens, keys);
    if (social) return { ...base, act: social, because: [`social:${social}`] };
    const word = tokens.find((t) => !isMark(t))?.text ?? tokens[0]!.text;
    return { ...base, act: 'unknown', word, because: ['no-command-word'] };
  }

  /** A rule of rules.ts that reads the line as another command (`tc todos los días a las 8`). */
  function handOff(
    match: CommandMatch,
    tokens: readonly Token[],
    keys: readonly string[],
    line: LineContext,
  ): Judged | undefined {
    let end: number | undefined;
    for (const rule of HAND_OFFS) {
      if (rule.from !== match.command.name) continue;
      if (rule.byVerb === true && !match.trigger.parts.every((p) => p.kind === 'verb')) continue;
      const target = index.byName(rule.to);
      if (!target) continue;
      end ??= tailStart(tokens, keys, match.end, NONE);
      const args = rule.when(tokens.slice(0, end), keys.slice(0, end), match.end, line.gctx);
      if (args === undefined) continue;
      const retokens = tokenize(args);
      const targetMatch: CommandMatch = {
        command: target,
        trigger: { command: target, parts: [], implies: {}, order: -1 },
        start: 0,
        end: 0,
      };
      const judged = judge(
        targetMatch,
        retokens,
        retokens.map((t) => t.key),
        line,
      );
      if (judged.request) {
        return {
          request: true,
          reading: { ...judged.reading, because: [`hand-off:${rule.name}`, ...judged.reading.because] },
        };
      }
    }
    return undefined;
  }

  /** A command whose slot reads a list of identifiers (`lote`) takes the rest of the message. */
  const takesRest = (name: string | undefined) => {
    const command = name === undefined ? undefined : index.byName(name);
    return command !== undefined && shapeOf(command).slots.some(([, spec]) => spec.grammar === 'id-list');
  };

  /**
   * A long line alone: pasted text, silent unless addressed. Its first words may name a command
   * that takes the rest (`lote`); addressed, a command they name says the line is too long to
   * read (its usage and example), and no command is the usual pointer to `ayuda`.
   */
  function readLong(line: MessageLine, reader: MessageReader, head: Reading): Reading {
    if (head.act === 'request' && takesRest(head.command)) return takingRest(head, line, reader);
    const base: { addressed?: Addressed; prefix?: string } = {};
    if (head.addressed) base.addressed = head.addressed;
    if (head.prefix) base.prefix = head.prefix;
    if (head.addressed && head.command)
      return {
        ...base,
        act: 'request',
        command: head.command,
        args: { error: new UserError('line-too-long', { maximo: MAX_LINE_LENGTH }) },
        because: ['long-line', `command:${head.command}`],
      };
    return { ...base, act: 'remark', because: ['long-line'] };
  }

  function understand(text: string, context: UnderstandContext): Reading {
    const reader = readMessage(text);
    let addressed: Addressed | undefined = context.isGroup ? undefined : 'direct';
    if (addressed === undefined && mentions(text, context.selfDigits)) addressed = 'mention';
    // Lines quoted from someone else (`> necesito el ruc…`) are theirs, not a request of this message.
    let quoted = 0;
    const own = () => {
      for (let line = reader.next(); line; line = reader.next()) {
        if (!line.quoted) return line;
        quoted += 1;
      }
      return undefined;
    };
    const first = own();
    if (!first) {
      const because = quoted > 0 ? ['quoted-lines'] : ['empty'];
      return { act: 'unknown', because, ...(addressed ? { addressed } : {}) };
    }
    const second = own();
    let reading: Reading;
    if (!second) {
      reading = readLine(first.text, addressed, context);
      if (first.long) reading = readLong(first, reader, reading);
    } else {
      const pending = [first, second];
      reading = readLines(
        {
          next: () => pending.shift() ?? own(),
          rawFrom: (from) => reader.rawFrom(from),
          read: (line, charge) => readLine(line, addressed, context, charge),
          takesRest,
        },
        addressed,
      );
    }
    // Under a quoted question (`> necesito el ruc del proveedor` / `ruc 2061…`), a line that only
    // names a value answers it; it asks only when addressed to the bot.
    if (quoted > 0 && addressed === undefined && reading.act === 'request')
      return {
        act: 'remark',
        ...(reading.command ? { command: reading.command } : {}),
        because: ['answers-a-quote', ...reading.because],
      };
    return reading;
  }

  return {
    index,
    understand,
    commandIn(text) {
      const tokens = tokenize(text);
      return scanLine(
        index,
        tokens,
        tokens.map((t) => t.key),
        false,
      ).find((c) => c.lateFrom === undefined)?.command;
    },
    argsOf(command, rawArgs, context) {
      const tokens = tokenize(rawArgs);
      const match: CommandMatch = {
        command,
        trigger: { command, parts: [], implies: {}, order: -1 },
        start: 0,
        end: 0,
      };
      const line: LineContext = {
        addressed: 'prefix',
        question: false,
        gctx: context,
        namesBot: true,
        namesHere: true,
        joking: false,
      };
      const judged = judge(
        match,
        tokens,
        tokens.map((t) => t.key),
        line,
      );
      return addressedReading(match, tokens, line, judged).args ?? { value: {} };
    },
  };
}

/** A verb in the present (`participas`, `tenemos`): in a question about a list, what is asked. */
function presentVerb(keys: readonly string[], at: number): boolean {
  return (lexicon.verbAt(keys, at)?.forms ?? []).some(
    (f) => f.form === 'present-2' || f.form === 'present-1',
  );
}

/**
 * Which of the commands a line names it asks for: the first that reads as a request, except that
 * a command named by an asking verb (`verificar`, `ayuda`, `confírmame`) gives way to a later one
 * with a valid value (`me confirmas el dni …`, `verificar la placa …`), and a command named after
 * the value is the one asked about (`¿el ruc … tiene deuda?` asks for deuda, not ruc).
 */
function pickCandidate<
  T extends { match: Candidate; judged: { request: boolean; reading: Reading }; asking: boolean },
>(all: readonly T[]): T | undefined {
  const valued = (c: T) =>
    c.judged.request && c.judged.reading.args !== undefined && 'value' in c.judged.reading.args;
  const first = all.find((c, i) => c.judged.request && !(c.asking && all.slice(i + 1).some(valued)));
  if (!first || first.match.lateFrom !== undefined) return first;
  const absorbed = first.judged.reading.because.some((rule) => YIELDING_TAILS.has(rule));
  if (!absorbed) return first;
  const late = all.find(
    (c) => c.match.lateFrom !== undefined && c.match.start > first.match.end && valued(c),
  );
  return late ?? first;
}

/**
 * Whether a line asks: a question mark, a question word before the first number (voice-to-text
 * drops the marks: `cuántos trabajadores tiene el ruc …`), or `si` after a verb (`dime si …`,
 * `confirma si el ruc … está activo`: an indirect question).
 */
function asksQuestion(text: string, tokens: readonly Token[], keys: readonly string[]): boolean {
  if (/[?¿]/u.test(text)) return true;
  let digits = false;
  for (let at = 0; at < tokens.length && at < 20; at++) {
    const token = tokens[at]!;
    const k = keys[at] ?? '';
    if (k === 'si' && !token.accented && at > 0 && lexicon.verbAt(keys, at - 1) !== undefined) return true;
    if (/\d/u.test(token.text)) digits = true;
    if (!digits && lexicon.is(k, 'question-word')) {
      const only = lexicon.entries(k).every((e) => e.class === 'question-word');
      if (token.accented || (only && at === 0) || (only && !lexicon.is(keys[at - 1] ?? '', 'preposition')))
        return true;
    }
  }
  return false;
}

/**
 * `chofer de la placa ABC-123`: a command word right after another command's word and `de` names
 * whose that one is (the truck's driver), not what is asked: `owner-of:<command>`.
 */
function ownerOfEarlier(
  match: Candidate,
  all: readonly Candidate[],
  keys: readonly string[],
): string | undefined {
  if (match.lateFrom !== undefined) return undefined;
  const before = all.find((c) => c !== match && c.lateFrom === undefined && c.end <= match.start);
  if (!before || before.command === match.command) return undefined;
  // What a lookup shows is asked of the later one: `la razón social del RUC …`.
  if (classAt(keys, before.start, NAMES_ASKED) >= before.end - before.start) return undefined;
  const between = keys.slice(before.end, match.start);
  const joined =
    between.length > 0 && between.every((k) => lexicon.is(k, 'owner-of') || lexicon.is(k, 'article'));
  return joined && between.some((k) => lexicon.is(k, 'owner-of'))
    ? `owner-of:${before.command.name}`
    : undefined;
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

/** A trigger that names its command (a concept, a verb, its name), not only a class of words. */
function namesCommand(match: Candidate): boolean {
  return match.trigger.parts.some((part) => part.kind !== 'class' || part.cls === 'affirmation');
}

/** `3.79`, `3,7120`, `S/ 3.79`, `10%`: a rate or share someone quotes. */
function quotedValue(token: Token): boolean {
  return /^(s\/)?\d[.,]\d{2,4}$/iu.test(token.text) || token.text.includes('%') || token.key === 's/';
}

function textOf(tokens: readonly Token[], from: number): string {
  return tokens
    .slice(from)
    .map((t) => t.text)
    .join(' ');
}
