import { chatKey, isLeadIn } from '../text/phrasing.js';

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
}

interface Node<C> {
  command?: C;
  implied?: string;
  next: Map<string, Node<C>>;
}

/** How many lead-in words may precede the command word. */
const MAX_LEAD_IN = 8;
/** `ruc20123456786`, `RUC:20123…`, `R.U.C.:`: a command word glued to its argument. */
const GLUED = /^([\p{L}.]+?)[:.]?(\d.*)$/u;
const LABELLED = /^([\p{L}.°º/-]+):(.*)$/u;

export interface PhraseIndex<C> {
  match(text: string): PhraseMatch<C> | undefined;
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

  /**
   * The first command named from `start` on, past lead-in words. A command word that is also a
   * request verb (`verificar`, `buscar`) yields to a command named after it: `verificar la placa
   * ABC-123` asks for the plate, while `verificar 2012… 2060…` stays a batch check. `ayuda ruc`
   * stays help (its topic is a command) unless an identifier follows: `ayuda con el ruc 2012…`.
   */
  function matchFrom(tokens: string[], start: number): PhraseMatch<C> | undefined {
    for (let at = start; at < tokens.length && at <= MAX_LEAD_IN; at++) {
      const parts = unglue(tokens[at] ?? '');
      if (parts.length > 1 || parts[0] !== tokens[at]) tokens.splice(at, 1, ...parts);
      const found = longestAt(tokens, at);
      if (found?.node.command) {
        const named = tokens.slice(at, found.end);
        const later = named.every((token) => isLeadIn(chatKey(token)))
          ? matchFrom(tokens, found.end)
          : undefined;
        if (later && (!found.node.command.topicIsCommand || /\d/u.test(later.rawArgs))) return later;
        const rest = tokens.slice(found.end).join(' ');
        const implied = found.node.implied;
        return {
          command: found.node.command,
          word: named.join(' '),
          rawArgs: implied === undefined ? rest : rest === '' ? implied : `${implied} ${rest}`,
        };
      }
      if (!isLeadIn(chatKey(tokens[at] ?? ''))) return undefined;
    }
    return undefined;
  }

  return {
    match: (text) => matchFrom(text.split(' '), 0),
    find: (word) => root.next.get(chatKey(word))?.command,
    words: () => [...root.next.entries()].filter(([, node]) => node.command).map(([key]) => key),
  };
}
