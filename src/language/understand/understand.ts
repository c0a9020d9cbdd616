import { UserError } from '../../errors/user-error.js';
import type { GrammarContext } from '../grammars/types.js';
import { MAX_LINE_LENGTH, type MessageLine, type MessageReader, readMessage } from '../normalize.js';
import { type Token, tokenize } from '../tokenize.js';
import { ADDRESSING_NEEDS, type CommandMatch, CommandIndex } from './command-index.js';
import type { CommandLanguage } from './declare.js';
import { type JudgedCandidate, pickCandidate, settled } from './choose.js';
import { createJudge, type JudgeOptions } from './judge.js';
import { isMark, NONE, tailStart } from './line.js';
import { readLines, takingRest } from './lines.js';
import { mentions, tagsSomeoneElse } from './mention.js';
import { type Addressed, type Reading, rebased } from './reading.js';
import { HAND_OFFS } from './rules.js';
import { type Candidate, scanLine, toldBefore } from './scan.js';
import { slipOf } from './slip.js';
import { socialKind } from './social-line.js';
import { createCommandSlots, type Judged, type LineContext } from './slots.js';
import { createLineWords, type LineWords } from './words.js';

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

/** Builds the reader over the commands' declarations; throws at start-up on an unknown concept or sense. */
export function createUnderstanding(
  commands: readonly CommandLanguage[],
  options: JudgeOptions = {},
): Understanding {
  const index = new CommandIndex(commands);
  const commandSlots = createCommandSlots(commands);
  const { shapeOf, addressedReading } = commandSlots;
  const judge = createJudge(index, commandSlots, options);
  const wordsOf = createLineWords(index, shapeOf);

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
    return rebased(reading, [...fixes.map((fix) => `spelling:${fix}`), ...reading.because]);
  }

  function readWords(
    raw: string,
    addressed: Addressed | undefined,
    context: UnderstandContext,
    fixes: string[] | undefined,
  ): Reading {
    const words = wordsOf(raw, fixes !== undefined);
    if (fixes && words.fixes.length > 0) fixes.push(...words.fixes);
    const reading = readOf(words, addressed, context);
    return words.corrected ? rebased(reading, ['corrected-value', ...reading.because]) : reading;
  }

  function readOf(words: LineWords, addressed: Addressed | undefined, context: UnderstandContext): Reading {
    const { prefix, tokens, keys, question } = words;
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
    const judgedAll: JudgedCandidate[] = [];
    /** A command word that is no asking verb, when what it needs was missing, and where it stood. */
    let unmet: { at: number; command: CommandLanguage } | undefined;
    for (const { match, owner, asking } of words.candidates) {
      // `suspende el tc`, `calla el tc`: a verb that needs the bot named (or here) and has it not
      // is no lead-in to the command words after it.
      if (unmet !== undefined && match.start > unmet.at && match.command !== unmet.command) continue;
      const judged: Judged = owner
        ? { request: false, reading: { act: 'remark', command: match.command.name, because: [owner] } }
        : (handOff(match, tokens, keys, line) ?? judge(match, tokens, keys, line));
      const judgedOne = { match, judged, asking };
      judgedAll.push(judgedOne);
      if (ADDRESSING_NEEDS.has(match.trigger.needs ?? '') && !asking && !judged.request)
        unmet ??= { at: match.start, command: match.command };
      // Later command words cannot change the choice: they are not judged.
      if (settled(judgedAll, judgedOne)) break;
      // A word that takes no argument, followed by more (`confirmo el ruc …`), is a remark: no
      // later command word is tried (an asking verb such as `verificar` still passes on).
      const saidMore = judged.reading.because.some(
        (r) => r.startsWith('word-beside') || r.startsWith('statement'),
      );
      const pause = /[,;:.!]$/u.test(tokens[match.end - 1]?.trail ?? '');
      if (match.command.argShape === 'none' && !asking && saidMore && !pause) break;
    }
    const best = pickCandidate(judgedAll, keys);
    // `Rosa, ¿el tc de SUNAT es compra o venta?`: asked of a colleague, unless said to the bot.
    if (best && words.toSomeone && !lineAddressed && !words.botNamed)
      return remarkOf(best.judged.reading, 'said-to-someone');
    if (best) return rebased(best.judged.reading, [...best.judged.reading.because], base);
    // Addressed but no request: the command it names says what is missing (`@bot ruc` → the RUC);
    // a word that only hints at one (`¿estás activo?`, a command word after the value) names none.
    const named = judgedAll.find((c) => c.match.lateFrom === undefined && namesCommand(c.match));
    if (lineAddressed && named)
      return Object.assign({}, base, addressedReading(named.match, tokens, line, named.judged));
    const first = judgedAll[0];
    const owners = judgedAll.flatMap((c) =>
      c.judged.reading.because.filter((r) => r.startsWith('owner-of:')),
    );
    if (first && !lineAddressed)
      return rebased(first.judged.reading, [...first.judged.reading.because, ...owners], base);
    const slip = slipOf(tokens, keys, question, index, (match) => judge(match, tokens, keys, line));
    if (slip) return Object.assign({}, base, slip);
    const social = socialKind(tokens, keys);
    if (social) return { ...base, act: social, because: [`social:${social}`] };
    const word = tokens.find((t) => !isMark(t))?.text ?? tokens[0]!.text;
    return { ...base, act: 'unknown', word, because: ['no-command-word'] };
  }

  /** A rule of rules.ts that reads the line as another command (`tc todos los días a las 8`). */
  function handOff(
    match: Candidate,
    tokens: readonly Token[],
    keys: readonly string[],
    line: LineContext,
  ): Judged | undefined {
    // A command word after what someone does or did (`el bot manda el tc a las 8 …`, `ya programé
    // el tc para las 8 …`) is judged with those words, not handed off past them.
    if (match.lateFrom !== undefined && toldBefore(tokens, keys, match.start, line.question))
      return undefined;
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
          reading: rebased(judged.reading, [`hand-off:${rule.name}`, ...judged.reading.because]),
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
    // `@Rosa mira:` / `RUC 2055…`, `@51987… el tc de hoy?`: opened by tagging someone else, the
    // message is said to them.
    if (addressed === undefined && reading.act === 'request' && tagsSomeoneElse(text))
      return remarkOf(reading, 'said-to-someone');
    // Under a quoted question (`> necesito el ruc del proveedor` / `ruc 2061…`), a line that only
    // names a value answers it; it asks when addressed to the bot, or with courtesy or a reason
    // (`placa ABC-123 porfa`, `tc porfa para responderle al cliente`).
    if (quoted > 0 && addressed === undefined && reading.act === 'request' && !askedOfItsOwn(reading))
      return remarkOf(reading, 'answers-a-quote');
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

/** Rules that say a line asks with more than its value: courtesy, a reason, a verb that asks after it. */
const ASKS_OF_ITS_OWN: ReadonlySet<string> = new Set([
  'social-tail',
  'reason-tail',
  'asked-after',
  'said-after-asking',
]);

/** The request (or each of a message's) says more than its value (see ASKS_OF_ITS_OWN). */
function askedOfItsOwn(reading: Reading): boolean {
  const readings = reading.requests ?? [reading];
  return readings.every((one) => one.because.some((rule) => ASKS_OF_ITS_OWN.has(rule)));
}

/** A request read as a remark, for `rule` (the command it names is kept for the log). */
function remarkOf(reading: Reading, rule: string): Reading {
  return {
    act: 'remark',
    ...(reading.command ? { command: reading.command } : {}),
    because: [rule, ...reading.because],
  };
}

/** A trigger that names its command (a concept, a verb, its name), not only a class of words. */
function namesCommand(match: Candidate): boolean {
  return match.trigger.parts.some((part) => part.kind !== 'class' || part.cls === 'affirmation');
}
