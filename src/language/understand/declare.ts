import type { UserError } from '../../errors/user-error.js';
import type { Sense, WordClass } from '../lexicon/types.js';
import type { GrammarContext } from '../grammars/types.js';
import type { GrammarName } from '../grammars/registry.js';

/**
 * What a command tells the language layer about itself: the words that name it (triggers) and
 * what its argument holds (slots). Commands declare; they carry no reading code and no Spanish
 * words (those are the lexicon's, reached by concept id and verb sense).
 */

/**
 * One way a line names a command: parts in order, with determiners (articles, possessives,
 * `de`, `del`, `al`, `a`) allowed between them. A part is
 * - `c:<concept>`: a concept's phrase (`c:exchange-rate` → `tipo de cambio`, `tc`, `dólar`),
 * - `v:<sense>`: a verb asking in that sense (`v:register` → `registra`, `anótame`, `agreguen`);
 *   `v*:<sense>` any form of it (`v*:spend` → `gastamos`, `consumido`); a trailing `!them` refuses
 *   forms for a third person (`v:notify!them` takes `avísame`, not `avísale`),
 * - `not:<sense>`: a negated verb of that sense (`not:answer` → `no respondas`, `ya no contestes`),
 * - `stop:<sense>`: a stop verb and the verb (`stop:watch` → `deja de vigilar`, `paren de monitorear`),
 * - `k:<class>` or `k:<class>=<value>`: any lexicon entry of that class (`k:format=xml`),
 * - `name`: the command's own name as a word (`ruc`, `guiaxml`).
 * A part ending in `?` may be absent (`k:question-word c:ruc? v*:watch` → `qué vigilas`).
 */
type TriggerPart = string;

export interface Trigger {
  readonly parts: readonly TriggerPart[];
  /** Argument values this wording implies (`borra el chofer …` → `{ action: 'remove' }`). */
  readonly implies?: Readonly<Record<string, unknown>>;
  /**
   * When the wording alone is too vague: `bot` (the bot named before or after: `bot cállate`),
   * `bot-or-here` (also the place: `no respondas aquí`), `addressed` (only to the bot), or a
   * class that must appear later in the line (`k:list-word`: `agrega el ruc … a vigilados`).
   */
  readonly needs?: 'bot' | 'bot-or-here' | 'addressed' | TriggerPart;
  /** The command words stay in the argument too (`nota de crédito FC01-5` names the type). */
  readonly keepsWords?: boolean;
}

/** What fills one slot: a named grammar, and whether the command runs without it. */
export interface SlotSpec<G extends GrammarName = GrammarName> {
  readonly grammar: G;
  /** The error a request addressed to the bot gets when the slot is empty (`ruc-missing`). */
  readonly missing?: UserError['identifier'];
  /** Codes the missing error's template names (`{ tipo: 'CE' }`: which document). */
  readonly missingData?: Readonly<Record<string, string>>;
  /** The command runs without it; `addressed`: only when the line is addressed to the bot. */
  readonly optional?: boolean | 'addressed';
  /** Reads only the words after the other slots (a note after a RUC). */
  readonly after?: boolean;
}

/** How much argument a command takes; feeds the attempt rule (see rules.ts). */
type ArgShape = 'none' | 'optional' | 'required' | 'text';

/** The language side of a command (`CommandDefinition` extends it). */
export interface CommandLanguage {
  readonly name: string;
  readonly triggers: readonly Trigger[];
  readonly argShape: ArgShape;
  readonly slots?: Readonly<Record<string, SlotSpec>>;
  /** Lexicon classes or concepts the argument may carry without meaning more (`c:vehicle` for placa). */
  readonly ignores?: readonly TriggerPart[];
  /** Refuses before reading the argument (`xml` without tax-portal credentials); throws a UserError. */
  readonly check?: (ctx: GrammarContext) => void;
  /**
   * Combines the slots and what the trigger implies into the command's arguments; throws a
   * UserError for a combination that cannot be (two formats, a removal without a document).
   */
  readonly build?: (slots: Record<string, unknown>, ctx: GrammarContext) => unknown;
}

/** A command whose argument names another command (`ayuda ruc`): help gives way only to identifiers. */
export function isTopical(command: CommandLanguage): boolean {
  return Object.values(command.slots ?? {}).some((slot) => slot.grammar === 'topic');
}

/** A parsed trigger part. */
export type Part = (
  | { readonly kind: 'concept'; readonly id: string }
  | { readonly kind: 'verb'; readonly sense: Sense; readonly anyForm: boolean; readonly notThem?: boolean }
  | { readonly kind: 'not' | 'stop'; readonly sense: Sense }
  | { readonly kind: 'class'; readonly cls: WordClass; readonly value?: string }
  | { readonly kind: 'name' }
) & { readonly optional?: boolean };
