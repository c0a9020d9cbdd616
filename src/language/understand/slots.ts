import { UserError } from '../../errors/user-error.js';
import { GRAMMARS, type GrammarName } from '../grammars/registry.js';
import type { GrammarContext, SlotMatch } from '../grammars/types.js';
import { key } from '../key.js';
import type { WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { type CommandMatch, parsePart, partLength } from './command-index.js';
import type { CommandLanguage, SlotSpec } from './declare.js';
import type { Addressed, Reading } from './reading.js';

/**
 * What a command's declaration asks of a line's words: its shape (slots, ignored words), the
 * slots filled by their grammars, and the arguments built from them (or the error that says
 * what is missing). Made once per command list; judge.ts decides whether a line asks.
 */

/** How a line is judged: to whom it is addressed, whether it asks, what it names. */
export interface LineContext {
  readonly addressed: Addressed | undefined;
  readonly question: boolean;
  readonly gctx: GrammarContext;
  /** The line names the bot (`bot`, `chasqui`) or was an @mention of it. */
  readonly namesBot: boolean;
  readonly namesHere: boolean;
  /** The line laughs (`jajaja`) and neither asks nor thanks: a joke about a word, not a request. */
  readonly joking: boolean;
}

/** A command word judged: the line's reading with it, and whether that is a request. */
export interface Judged {
  readonly reading: Reading;
  readonly request: boolean;
  /** For a request, where the words its slots read end (a later command word may only follow them). */
  readonly argsEnd?: number;
}

export type Slots = Record<string, { match: SlotMatch<unknown>; start: number; end: number }>;

/** A command's slots and what judging asks of them (see `shapeOf`). */
export interface CommandShape {
  readonly slots: readonly [name: string, spec: SlotSpec][];
  /** A slot reads a company name (a pasted `Razón social:` field is no search). */
  readonly names: boolean;
  /** A slot reads a date or period (a quoted rate is no request for one). */
  readonly rates: boolean;
  /** The slot that names another command (`ayuda ruc`). */
  readonly topic: string | undefined;
  /**
   * Its slots may all be left out and take a default (`tc` is today's): the command is complete
   * without them. A list is not (`lote` without one waits for a file).
   */
  readonly complete: boolean;
  /** Classes the command ignores in its argument. */
  readonly ignored: ReadonlySet<WordClass>;
}

/** What judging and reading need of the commands' declarations. */
export interface CommandSlots {
  shapeOf(command: CommandLanguage): CommandShape;
  /** Tokens of an ignored part (`c:vehicle`, `k:duration`) at `keys[at]`, 0 when none. */
  ignoredAt(command: CommandLanguage, keys: readonly string[], at: number): number;
  /** Fills the command's slots from the tokens not `taken`, marking the ones they take. */
  fillSlots(
    command: CommandLanguage,
    tokens: readonly Token[],
    taken: boolean[],
    gctx: GrammarContext,
  ): Slots;
  /** The trigger's words are part of the argument (`keepsWords`). */
  matchKeeps(match: CommandMatch): boolean;
  /** The command's arguments from its slots and what the trigger implies (or the first error). */
  build(
    command: CommandLanguage,
    slots: Slots,
    match: CommandMatch,
    gctx: GrammarContext,
  ): NonNullable<Reading['args']>;
  /** For an addressed line that is no clean request: the command's reading anyway (errors say why). */
  addressedReading(match: CommandMatch, tokens: readonly Token[], line: LineContext, judged: Judged): Reading;
}

/** Reads the commands' slot declarations once; what is derived from a command is kept per command. */
export function createCommandSlots(commands: readonly CommandLanguage[]): CommandSlots {
  const ignoredParts = new Map(commands.map((c) => [c, (c.ignores ?? []).map((p) => parsePart(p, c.name))]));

  /** Tokens of an ignored part (`c:vehicle`, `k:duration`) at `keys[at]`, 0 when none. */
  function ignoredAt(command: CommandLanguage, keys: readonly string[], at: number): number {
    let best = 0;
    for (const part of ignoredParts.get(command) ?? [])
      best = Math.max(best, partLength(part, keys, at, key(command.name)));
    return best;
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
        complete: slots.every(([, spec]) => spec.optional === true && spec.grammar !== 'id-list'),
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

  return { shapeOf, ignoredAt, fillSlots, matchKeeps, build, addressedReading };
}

export function textOf(tokens: readonly Token[], from: number): string {
  return tokens
    .slice(from)
    .map((t) => t.text)
    .join(' ');
}
