import {
  asksForMe,
  attemptWords,
  type CleanArgs,
  cleanArgs,
  chatKey,
  isLeadIn,
  leadInLength,
  PhraseSet,
} from '../text/phrasing.js';
import type { CommandDefinition } from './command.js';
import { editDistance, looksLikeAttempt } from './parse.js';
import { createPhraseIndex, type PhraseIndex } from './phrase-index.js';

type AnyCommand = CommandDefinition<never>;

/** What a line asks for: the command, its cleaned argument, and whether it reads as a request. */
export interface Intent {
  command: AnyCommand;
  args: CleanArgs;
  /** Reads as a request even unaddressed (the attempt rule); addressed lines are always tried. */
  attempt: boolean;
  /** The parsed argument, when reading already validated it: a one-letter slip (`rcu`, `pllaca`). */
  parsed?: { value: unknown };
}

/** How a line was written: addressed to the bot (mention, prefix, direct chat), a question. */
export interface LineForm {
  addressed: boolean;
  question: boolean;
}

export interface IntentReader {
  readonly index: PhraseIndex<AnyCommand>;
  /**
   * The intent of `line` (command word onwards, mentions and prefix removed). `addressed` lines
   * fall back to the first command named when none reads as a request.
   */
  read(line: string, form: LineForm): Intent | undefined;
}

/** The command's own validation: the parsed argument, or undefined when it refuses it. */
export type Validator = (command: AnyCommand, args: string) => { value: unknown } | undefined;

/** Shortest command word a slip is forgiven on (`ce`, `tc`, `si` are too short to guess). */
const MIN_TYPO_LENGTH = 3;

/**
 * Reads intents over the commands' declared words (issue 11 and the field phrasing pass):
 * lead-ins skipped, several command words tried in turn, one-letter slips of a command word
 * accepted only when the argument passes the command's own local validation (`validates`), so
 * a guess never costs a paid call on something that is not a valid identifier.
 */
export function createIntentReader(commands: readonly AnyCommand[], validates: Validator): IntentReader {
  const index = createPhraseIndex(commands);
  const grammars = new Map(
    commands.map((command) => [
      command,
      {
        fillers: new PhraseSet(command.fillers ?? []),
        keywords: new PhraseSet(command.keywords ?? []),
        literal: command.literalArgs === true,
      },
    ]),
  );
  const attemptContext = { commandFor: (text: string) => index.match(text)?.command.name };
  const slipTargets = commands.flatMap((command) =>
    command.argShape === 'required' && !command.literalArgs
      ? [command.name, ...command.aliases]
          .map((word) => chatKey(word))
          .filter((key) => key.length >= MIN_TYPO_LENGTH && /^\p{L}+$/u.test(key))
          .map((key) => ({ key, command }))
      : [],
  );

  function argsOf(command: AnyCommand, raw: string, question: boolean): CleanArgs {
    const grammar = grammars.get(command);
    return cleanArgs(raw, grammar ?? { fillers: new PhraseSet(), literal: false }, question);
  }

  /**
   * The attempt rule for an unaddressed line: a statement (`el ruc es …`, `tc 3.79`) is not, and
   * the default rule or the command's own decides on the argument without courtesy and labels.
   * Asked for on the writer's behalf (`me confirmas el ruc … del proveedor`), an argument with an
   * identifier is an attempt even with words after it.
   */
  function isAttempt(command: AnyCommand, args: CleanArgs, question: boolean, forMe = false): boolean {
    if (args.statement || command.isStatement?.(args.keys) === true) return false;
    const grammar = grammars.get(command);
    const words = grammar
      ? attemptWords(args.keys, args.text.split(' '), grammar.keywords, question)
      : args.text;
    if (looksLikeAttempt(command.argShape, words)) return true;
    if (forMe && command.argShape === 'required' && !command.literalArgs && /\d/u.test(words)) return true;
    // In a question the command judges the argument without what is asked (`de hoy cuánto está`).
    const judged = question ? words : args.text;
    return judged !== '' && command.isAttempt?.(judged, attemptContext) === true;
  }

  /** `rcu 2012…`, `pllaca ABC-123`: the first word past lead-ins, one edit from a command word. */
  function slip(line: string, question: boolean): Intent | undefined {
    const tokens = line.split(' ');
    const keys = tokens.slice(0, 24).map(chatKey);
    let at = 0;
    for (let n = leadInLength(keys, at); n > 0 && at < 16; n = leadInLength(keys, at)) at += n;
    const key = keys[at] ?? '';
    if (key.length < MIN_TYPO_LENGTH || !/^\p{L}+$/u.test(key)) return undefined;
    const close = slipTargets.filter((target) => editDistance(key, target.key, 1) <= 1);
    const commandsNear = new Set(close.map((target) => target.command));
    const [only] = commandsNear;
    if (!only || commandsNear.size > 1) return undefined; // `dmi` near two commands: no guess
    const args = argsOf(only, tokens.slice(at + 1).join(' '), question);
    if (!isAttempt(only, args, question)) return undefined;
    const parsed = validates(only, args.text);
    return parsed && { command: only, args, attempt: true, parsed };
  }

  return {
    index,
    read(line, { addressed, question }) {
      let first: Intent | undefined;
      for (const match of index.matches(line, question)) {
        let { command } = match;
        const implied = command.impliedByLeadIn?.(match.before);
        const raw = implied === undefined ? match.rawArgs : `${implied} ${match.rawArgs}`.trim();
        let args = argsOf(command, raw, question);
        const handed = command.handOff?.(args.text) ?? command.handOff?.(raw);
        const target = handed && index.find(handed.command);
        if (handed && target) {
          command = target;
          args = argsOf(target, handed.rawArgs, question);
        }
        const intent = {
          command,
          args,
          attempt: isAttempt(command, args, question, asksForMe(match.before)),
        };
        if (intent.attempt) return intent;
        first ??= intent;
        // A word that takes no argument, followed by more (`confirmo el ruc …`), is a remark:
        // no later command word is tried (a lead-in verb such as `verificar` still passes on).
        const leadInWord = match.word.split(' ').every((token) => isLeadIn(chatKey(token)));
        if (command.argShape === 'none' && !leadInWord) break;
      }
      if (first) return addressed ? { ...first, attempt: true } : first;
      return slip(line, question);
    },
  };
}
