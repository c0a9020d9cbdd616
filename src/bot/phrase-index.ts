import { chatKey, isLeadIn, leadInLength } from '../text/phrasing.js';

/**
 * Finds the command a line names: by its name, an alias or one of its declared phrases
 * (`tipo de cambio`, `R.U.C.`, `guía de remisión`), after skipping lead-in words (`hola, me
 * ayudas con el …`), longest phrase first. Data-driven: each command declares its own words.
 */
export interface PhraseCommand {
  name: string;
  aliases: readonly string[];
  phrases?: readonly (string | readonly [phrase: string, impliedArgs: string])[];
  topicIsCommand?: boolean;
}

export interface PhraseMatch<C> {
  command: C;
  /** The command words as typed (`tipo de cambio`). */
  word: string;
  /** What follows them, with the arguments a phrase implies first (`borrar chofer 4123…` → `borrar 4123…`). */
  rawArgs: string;
  /** Keys of the words before the command words: lead-ins, and earlier command words (`mándale al chofer`). */
  before: string[];
}

interface Node<C> {
  command?: C;
  implied?: string;
  next: Map<string, Node<C>>;
}

/** How many words may precede the command word. */
const MAX_LEAD_IN = 14;
/** How many command words one line may name before the scan stops (`mándale al chofer la guía …`). */
const MAX_CANDIDATES = 3;
/** Longest lead-in phrase, in words (`a nombre de`). */
const LEAD_IN_SPAN = 4;
/** `ruc20123456786`, `RUC:20123…`, `R.U.C.:`: a command word glued to its argument. */
const GLUED = /^([\p{L}.]+?)[:.]?(\d.*)$/u;
const LABELLED = /^([\p{L}.°º/-]+):(.*)$/u;

export interface PhraseIndex<C> {
  /** The command the line names: the first of `matches`. */
  match(text: string): PhraseMatch<C> | undefined;
  /**
   * Every command the line names, in the order to try them: after lead-in words, a command word,
   * and then (past lead-ins again) a later one (`qué ruc estás vigilando`: ruc, then vigilados).
   * A first command word that is itself a request verb (`verificar`, `buscar`) goes after the next
   * one: `verificar la placa ABC-123` asks for the plate, `verificar 2012… 2060…` stays a batch
   * check. `ayuda ruc` stays help (its topic is a command) unless an identifier follows.
   */
  matches(text: string, question?: boolean): PhraseMatch<C>[];
  /** The command a single word (name or alias, any case/accents) names. */
  find(word: string): C | undefined;
  /** Every single-word key (for "did you mean" suggestions). */
  words(): string[];
}

/** Builds the index; throws at start-up when two commands claim the same words. */
export function createPhraseIndex<C extends PhraseCommand>(commands: readonly C[]): PhraseIndex<C> {
  const root: Node<C> = { next: new Map() };
  const add = (command: C, phrase: string, implied?: string) => {
    const keys = phrase.split(/\s+/u).map(chatKey).filter(Boolean);
    let node = root;
    for (const key of keys) {
      let child = node.next.get(key);
      if (!child) node.next.set(key, (child = { next: new Map() }));
      node = child;
    }
    if (node.command === command) return;
    if (node.command) {
      throw new Error(`command word "${phrase}" of "${command.name}" is already "${node.command.name}"`);
    }
    node.command = command;
    if (implied !== undefined) node.implied = implied;
  };
  for (const command of commands) {
    for (const word of [command.name, ...command.aliases]) add(command, word);
    for (const phrase of command.phrases ?? []) {
      if (typeof phrase === 'string') add(command, phrase);
      else add(command, phrase[0], phrase[1]);
    }
  }

  /** Splits `RUC:2012…`/`ruc2012…` when the word part is a command word. */
  function unglue(token: string): string[] {
    const labelled = LABELLED.exec(token);
    if (labelled && root.next.has(chatKey(labelled[1] ?? ''))) {
      return labelled[2] ? [labelled[1] ?? '', labelled[2]] : [labelled[1] ?? ''];
    }
    const glued = GLUED.exec(token);
    if (glued && root.next.get(chatKey(glued[1] ?? ''))?.command) return [glued[1] ?? '', glued[2] ?? ''];
    return [token];
  }

  function longestAt(tokens: string[], at: number): { node: Node<C>; end: number } | undefined {
    let node = root;
    let best: { node: Node<C>; end: number } | undefined;
    for (let i = at; i < tokens.length; i++) {
      const next = node.next.get(chatKey(tokens[i] ?? ''));
      if (!next) break;
      node = next;
      if (node.command) best = { node, end: i + 1 };
    }
    return best;
  }

  /** The next command named from `start` on, past lead-in words. */
  function nextFrom(
    tokens: string[],
    start: number,
    question: boolean,
  ): { at: number; node: Node<C>; end: number } | undefined {
    for (let at = start; at < tokens.length && at <= start + MAX_LEAD_IN;) {
      const parts = unglue(tokens[at] ?? '');
      if (parts.length > 1 || parts[0] !== tokens[at]) tokens.splice(at, 1, ...parts);
      const found = longestAt(tokens, at);
      if (found) return { at, ...found };
      const skip = leadInLength(tokens.slice(at, at + LEAD_IN_SPAN).map(chatKey), 0, question);
      if (skip === 0) return undefined;
      at += skip;
    }
    return undefined;
  }

  function matches(text: string, question = false): PhraseMatch<C>[] {
    const tokens = text.split(' ');
    const out: PhraseMatch<C>[] = [];
    for (let from = 0; out.length < MAX_CANDIDATES;) {
      const found = nextFrom(tokens, from, question);
      const command = found?.node.command;
      if (!found || !command) break;
      const rest = tokens.slice(found.end).join(' ');
      const implied = found.node.implied;
      out.push({
        command,
        word: tokens.slice(found.at, found.end).join(' '),
        rawArgs: implied === undefined ? rest : rest === '' ? implied : `${implied} ${rest}`,
        before: tokens.slice(0, found.at).map(chatKey),
      });
      from = found.end;
    }
    const [first, second] = out;
    if (first && second && first.word.split(' ').every((token) => isLeadIn(chatKey(token)))) {
      if (!first.command.topicIsCommand || /\d/u.test(second.rawArgs)) out.splice(0, 2, second, first);
    }
    return out;
  }

  return {
    match: (text) => matches(text)[0],
    matches,
    find: (word) => root.next.get(chatKey(word))?.command,
    words: () => [...root.next.entries()].filter(([, node]) => node.command).map(([key]) => key),
  };
}
