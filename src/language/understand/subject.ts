import { lexicon } from '../lexicon/index.js';
import type { VerbForm, WordClass } from '../lexicon/types.js';

/**
 * Who does what a verb says: a subject named before the verb (`el bot manda …`, `la jefa pide …`)
 * makes it tell, not ask. Read by the trigger index, the lead-in and the scan.
 */

/**
 * With a subject named before it (see `agentBefore`), whether the form at `at` tells what the
 * subject does: not when its clitics are attached (`el ruc pásamelo`), nor a subjunctive after
 * `que` (`que el bot deje de responder`, `que el bot mande el tc a las 7`: a wish that asks).
 */
export function subjectTells(keys: readonly string[], at: number, form: VerbForm): boolean {
  if (form.clitics.length > 0) return false;
  const before = keys[subjectNounAt(keys, at) - 2];
  return !(form.form === 'subjunctive' && (before === 'que' || before === 'q'));
}

/**
 * Said between a subject and its verb without changing who does it (`el bot solo lo activa`, `la
 * jefa me pide`): an adverb, or who or what the verb is done to. Not `te` (`el bot, te manda …`
 * speaks to someone) nor `se`.
 */
const BESIDE_VERB: ReadonlySet<string> = new Set([
  ...['solo', 'siempre', 'tambien', 'todavia', 'aun', 'recien', 'ya'],
  ...['lo', 'la', 'los', 'las', 'le', 'les', 'me', 'nos'],
]);
/** Words of BESIDE_VERB that may stand between the subject and its verb. */
const MAX_BESIDE_VERB = 2;

/**
 * Where the noun of a subject of the verb at `at` would be: right before it, or before its clitics
 * and an adverb (`el bot me manda`, `el bot solo lo activa`, `la jefa ya pide`).
 */
function subjectNounAt(keys: readonly string[], at: number): number {
  let noun = at - 1;
  for (let n = 0; n < MAX_BESIDE_VERB && noun > 1; n++) {
    const k = keys[noun] ?? '';
    if (!BESIDE_VERB.has(k)) break;
    noun -= 1;
  }
  return noun;
}

/**
 * Who may do something: the bot, a person, a company (`el bot`, `la empresa`); a word of address
 * after an article names someone too (`la jefa`, `el ingeniero`).
 */
const AGENTS: ReadonlySet<WordClass> = new Set(['bot-name', 'person-noun', 'company-word', 'addressee']);

/**
 * `el bot manda el tc a las 8`, `la jefa pide la guía`, `el bot solo lo activa gerencia`: the bot
 * or a person named with an article before a verb (its clitics and an adverb aside) is its
 * subject, so the verb tells what they do. A form with its clitics
 * attached still asks (`el ruc pásamelo`), and a name without an article calls (`bot manda el tc`).
 */
export function agentBefore(keys: readonly string[], at: number): boolean {
  const nounAt = subjectNounAt(keys, at);
  const article = keys[nounAt - 1];
  const noun = keys[nounAt];
  if (article === undefined || noun === undefined || !lexicon.is(article, 'article')) return false;
  return lexicon
    .entries(noun)
    .some(
      (entry) =>
        AGENTS.has(entry.class) ||
        (entry.class === 'concept' && (entry.value === 'driver' || entry.value === 'carrier')),
    );
}
