import { key } from '../key.js';
import { lexicon } from '../lexicon/index.js';
import {
  type LexEntry,
  type Sense,
  SENSES,
  type VerbForm,
  type WordClass,
  WORD_CLASSES,
} from '../lexicon/types.js';
import { isAskingForm } from '../morphology.js';
import type { Token } from '../tokenize.js';
import type { CommandLanguage, Part, Trigger } from './declare.js';
import { agentBefore, subjectTells } from './subject.js';

/**
 * Which commands a line names, and where: each command's triggers (declare.ts) matched against
 * the tokens. Concepts, senses and classes are looked up in the lexicon, so a trigger written as
 * `v:register c:driver` matches `registra al chofer`, `anótame un nuevo conductor` and
 * `agreguen el chofer` without one of those phrases being listed anywhere.
 */

export interface ParsedTrigger {
  readonly command: CommandLanguage;
  readonly parts: readonly Part[];
  readonly implies: Readonly<Record<string, unknown>>;
  readonly needs?: Trigger['needs'];
  readonly needPart?: Part;
  /** Position in the command's list: earlier triggers win ties. */
  readonly order: number;
}

export interface CommandMatch {
  readonly trigger: ParsedTrigger;
  readonly command: CommandLanguage;
  /** Tokens of the command words, `[start, end)`. */
  readonly start: number;
  readonly end: number;
}

const CONCEPT = new Set<WordClass>(['concept']);
const NEGATION = new Set<WordClass>(['negation']);
/** Words allowed between the parts of a trigger: `registra AL chofer`, `anótame UN NUEVO conductor`. */
const DETERMINERS = new Set<WordClass>([
  'article',
  'possessive',
  'demonstrative',
  'preposition',
  'clitic',
  'qualifier',
]);
/** How many determiner words may sit between two parts. */
const MAX_BETWEEN = 3;

/** What a trigger may need of how the line is said: the bot named, here, or addressed (else a word). */
export const ADDRESSING_NEEDS: ReadonlySet<string> = new Set(['bot', 'bot-or-here', 'addressed']);

/** A form a negative command is said with: `no respondas`, `no mande`, `no publicar`. */
const forbids = (form: VerbForm) => form.form === 'subjunctive' || form.form === 'infinitive';

/** Parses `v:register`, `v*:spend`, `c:driver`, `k:format=xml`, `not:answer`, `stop:watch`, `name`, `…?`. */
export function parsePart(written: string, command: string): Part {
  const optional = written.endsWith('?');
  const text = optional ? written.slice(0, -1) : written;
  const opt = optional ? { optional } : {};
  if (text === 'name') return { kind: 'name', ...opt };
  const [kind, rest = ''] = text.split(':', 2) as [string, string | undefined];
  if (kind === 'c') {
    if (!lexicon.ofClass('concept').some((entry) => entry.value === rest)) {
      throw new Error(`command ${command}: no concept "${rest}" in the lexicon`);
    }
    return { kind: 'concept', id: rest, ...opt };
  }
  if (kind === 'v' || kind === 'v*' || kind === 'not' || kind === 'stop') {
    const [name = '', only] = rest.split('!', 2);
    if (!(SENSES as readonly string[]).includes(name))
      throw new Error(`command ${command}: no sense "${name}"`);
    const sense = name as Sense;
    if (kind === 'not' || kind === 'stop') return { kind, sense, ...opt };
    return {
      kind: 'verb',
      sense,
      anyForm: kind === 'v*',
      ...(only === 'them' ? { notThem: true } : {}),
      ...opt,
    };
  }
  if (kind === 'k') {
    const [cls = '', value] = rest.split('=', 2);
    if (!(WORD_CLASSES as readonly string[]).includes(cls))
      throw new Error(`command ${command}: no class "${cls}"`);
    return value === undefined
      ? { kind: 'class', cls: cls as WordClass, ...opt }
      : { kind: 'class', cls: cls as WordClass, value, ...opt };
  }
  throw new Error(`command ${command}: trigger part "${text}" is not c:, v:, v*:, not:, stop:, k: or name`);
}

const CLASS_SETS = new Map<WordClass, ReadonlySet<WordClass>>();
/** The one-class set of a `k:` part, made once per class. */
function classSet(cls: WordClass): ReadonlySet<WordClass> {
  let classes = CLASS_SETS.get(cls);
  if (!classes) CLASS_SETS.set(cls, (classes = new Set([cls])));
  return classes;
}

/** A verb reading that asks: an asking form, or `necesito`/`quiero` (the writer's need). */
export function asks(form: VerbForm): boolean {
  // An event (`cobrar`, `vencer`, `llegar`) tells what happens, never asks: `la afp me cobra …`.
  if (form.senses.every((sense) => sense === 'event')) return false;
  return (
    isAskingForm(form) ||
    (form.form === 'present-1' && (form.senses.includes('need') || form.senses.includes('modal')))
  );
}

function verbLength(keys: readonly string[], at: number, sense: Sense, test: (form: VerbForm) => boolean) {
  const verb = lexicon.verbAt(keys, at);
  const agent = agentBefore(keys, at);
  return verb?.forms.some(
    (form) => form.senses.includes(sense) && test(form) && !(agent && subjectTells(keys, at, form)),
  )
    ? verb.length
    : 0;
}

/** Tokens matched by one part at `keys[at]` (0 when it does not match). */
export function partLength(part: Part, keys: readonly string[], at: number, name: string): number {
  switch (part.kind) {
    case 'name':
      return keys[at] === name ? 1 : 0;
    case 'concept':
      return lexicon.phrasesAt(keys, at, CONCEPT).find((hit) => hit.entry.value === part.id)?.length ?? 0;
    case 'class': {
      const hits = lexicon.phrasesAt(keys, at, classSet(part.cls));
      return (
        hits.find((hit) => part.value === undefined || String(hit.entry.value) === part.value)?.length ?? 0
      );
    }
    case 'verb':
      return verbLength(
        keys,
        at,
        part.sense,
        (form) => (part.anyForm || asks(form)) && !(part.notThem === true && form.addressee === 'them'),
      );
    case 'not': {
      // `no respondas`, `ya no contestes`, `no me avises`, `nunca publiques`, `no responder`: a
      // negative command is said with the subjunctive (or an infinitive, as notes do). `el bot
      // no responde`, `ya no vigila …` tell what happens, and `¿no me mandas …?` asks for it.
      const negation = lexicon.lengthAt(keys, at, NEGATION);
      if (negation === 0) return 0;
      let next = at + negation;
      while (lexicon.is(keys[next] ?? '', 'clitic') && next - at < negation + 2) next += 1;
      const verb = verbLength(keys, next, part.sense, forbids);
      return verb > 0 ? next - at + verb : 0;
    }
    case 'stop': {
      // `deja de vigilar`, `paren de monitorear`, `dejar de responder`
      const stop = verbLength(keys, at, 'stop', asks);
      if (stop === 0) return 0;
      let next = at + stop;
      if (keys[next] === 'de') next += 1;
      const verb = verbLength(keys, next, part.sense, (form) => form.form === 'infinitive');
      return verb > 0 ? next - at + verb : 0;
    }
  }
}

/** The lookup key of a trigger's first part, so only triggers that can start here are tried. */
function firstKey(part: Part, name: string): string {
  switch (part.kind) {
    case 'name':
      return `name:${name}`;
    case 'concept':
      return `c:${part.id}`;
    case 'class':
      return `k:${part.cls}`;
    case 'verb':
      return part.anyForm ? `v*:${part.sense}` : `v:${part.sense}`;
    case 'not':
      return 'not';
    case 'stop':
      return 'stop';
  }
}

/** The first-part keys an entry gives (`k:concept`, `c:ruc`, `not`), made once per entry. */
const ENTRY_KEYS = new WeakMap<LexEntry, readonly string[]>();
function entryKeys(entry: LexEntry): readonly string[] {
  let out = ENTRY_KEYS.get(entry);
  if (!out) {
    const list = [`k:${entry.class}`];
    if (entry.class === 'concept') list.push(`c:${String(entry.value)}`);
    if (entry.class === 'negation') list.push('not');
    ENTRY_KEYS.set(entry, (out = list));
  }
  return out;
}

/** The first-part keys a verb reading gives (`v*:send`, `v:send`, `stop`), made once per reading. */
const FORM_KEYS = new WeakMap<VerbForm, readonly string[]>();
function formKeys(form: VerbForm): readonly string[] {
  let out = FORM_KEYS.get(form);
  if (!out) {
    const list: string[] = [];
    if (form.senses.includes('stop')) list.push('stop');
    for (const sense of form.senses) {
      list.push(`v*:${sense}`);
      if (asks(form)) list.push(`v:${sense}`);
    }
    FORM_KEYS.set(form, (out = list));
  }
  return out;
}

/**
 * A verb typed with the accent of the past on its last letter (`programé`, `mandó`, `consulté`):
 * told, whatever else its letters may be (`programe` asks, as the formal imperative).
 */
export function saidInThePast(forms: readonly VerbForm[], text: string): boolean {
  return /[éó]$/u.test(text) && forms.some((form) => form.form === 'past');
}

/** The first-part keys present at `tokens[at]`. */
function keysAt(tokens: readonly Token[], keys: readonly string[], at: number): string[] {
  const out = [`name:${keys[at] ?? ''}`];
  for (const hit of lexicon.phrasesAt(keys, at)) out.push(...entryKeys(hit.entry));
  const verb = lexicon.verbAt(keys, at);
  if (verb === undefined) return out;
  // `ya programé el tc …` names no request: only the keys of a form that tells.
  const past = verb.length === 1 && saidInThePast(verb.forms, tokens[at]?.text ?? '');
  for (const form of verb.forms) {
    if (past && form.form !== 'past') continue;
    out.push(...formKeys(form));
  }
  return out;
}

/** The index of every command's triggers. Throws at start-up on an unknown concept, sense or class. */
export class CommandIndex {
  readonly triggers: readonly ParsedTrigger[];
  readonly #names = new Map<string, CommandLanguage>();
  readonly #byFirst = new Map<string, ParsedTrigger[]>();
  /** Each command's name as a key, made once. */
  readonly #nameKeys = new Map<CommandLanguage, string>();

  constructor(commands: readonly CommandLanguage[]) {
    const triggers: ParsedTrigger[] = [];
    const claimed = new Map<string, string>();
    for (const command of commands) {
      const name = key(command.name);
      const other = this.#names.get(name);
      if (other)
        throw new Error(`command word "${command.name}" of "${command.name}" is already "${other.name}"`);
      this.#names.set(name, command);
      this.#nameKeys.set(command, name);
      command.triggers.forEach((trigger, order) => {
        // Two commands named by the same words would make the line's reading a coin toss.
        const words = trigger.parts.map((part) => (part === 'name' ? `name:${name}` : part)).join(' ');
        const signature = `${words}|${trigger.needs ?? ''}`;
        const owner = claimed.get(signature);
        if (owner !== undefined && owner !== command.name) {
          throw new Error(`command word "${words}" of "${command.name}" is already "${owner}"`);
        }
        claimed.set(signature, command.name);
        const needs = trigger.needs;
        const needPart =
          needs !== undefined && !ADDRESSING_NEEDS.has(needs) ? parsePart(needs, command.name) : undefined;
        const parsed: ParsedTrigger = {
          command,
          parts: trigger.parts.map((part) => parsePart(part, command.name)),
          implies: trigger.implies ?? {},
          ...(needs === undefined ? {} : { needs }),
          ...(needPart ? { needPart } : {}),
          order,
        };
        triggers.push(parsed);
        const first = parsed.parts[0];
        if (!first) throw new Error(`command ${command.name}: a trigger with no parts`);
        const k = firstKey(first, key(command.name));
        const list = this.#byFirst.get(k);
        if (list) list.push(parsed);
        else this.#byFirst.set(k, [parsed]);
      });
    }
    this.triggers = triggers;
  }

  /** The command a single word names by its name (`ruc`, `guiaxml`). */
  byName(word: string): CommandLanguage | undefined {
    return this.#names.get(key(word));
  }

  /**
   * The command a word or phrase names on its own: its name, or the first command whose one-part
   * trigger matches it whole (`RAZÓN` → buscar, `tipo de cambio` → tc).
   */
  byWords(text: string): CommandLanguage | undefined {
    const named = this.byName(text);
    if (named) return named;
    const keys = text
      .split(/\s+/u)
      .map(key)
      .filter((k) => k !== '');
    if (keys.length === 0) return undefined;
    for (const trigger of this.triggers) {
      const [part] = trigger.parts;
      if (trigger.parts.length !== 1 || !part || trigger.needs !== undefined) continue;
      if (partLength(part, keys, 0, key(trigger.command.name)) === keys.length) return trigger.command;
    }
    return undefined;
  }

  /** Every trigger that matches at `tokens[at]`, longest first, then in declaration order. */
  at(tokens: readonly Token[], keys: readonly string[], at: number): CommandMatch[] {
    if (tokens[at]?.shape === 'number') return [];
    const tried = new Set<ParsedTrigger>();
    const out: CommandMatch[] = [];
    for (const first of keysAt(tokens, keys, at)) {
      for (const trigger of this.#byFirst.get(first) ?? []) {
        if (tried.has(trigger)) continue;
        tried.add(trigger);
        const end = this.#match(trigger, keys, at);
        if (end > at) out.push({ trigger, command: trigger.command, start: at, end });
      }
    }
    return out.sort(
      (a, b) =>
        b.end - a.end || b.trigger.parts.length - a.trigger.parts.length || a.trigger.order - b.trigger.order,
    );
  }

  /** Where `trigger` ends when it matches at `keys[at]`, else `at`. */
  #match(trigger: ParsedTrigger, keys: readonly string[], at: number): number {
    const name = this.#nameKeys.get(trigger.command) ?? key(trigger.command.name);
    let pos = at;
    for (const [i, part] of trigger.parts.entries()) {
      let length = partLength(part, keys, pos, name);
      let skip = 0;
      if (length === 0 && i > 0) {
        // Determiners between two parts: `registra AL chofer`, `el número DEL chofer`.
        while (skip < MAX_BETWEEN && lexicon.lengthAt(keys, pos + skip, DETERMINERS) > 0) {
          skip += lexicon.lengthAt(keys, pos + skip, DETERMINERS);
          length = partLength(part, keys, pos + skip, name);
          if (length > 0) break;
        }
      }
      if (length === 0) {
        if (part.optional === true && i > 0) continue;
        return at;
      }
      pos += skip + length;
    }
    return pos;
  }
}
