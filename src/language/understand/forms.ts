import { lexicon } from '../lexicon/index.js';
import type { Sense, VerbLemma } from '../lexicon/types.js';
import { VERBS } from '../lexicon/es/verbs.js';
import { bareForms } from '../morphology.js';
import { parsePart } from './command-index.js';
import type { CommandLanguage, Part } from './declare.js';

/**
 * Example wordings of a command, made from its triggers and the lexicon (what `ayuda <comando>`
 * shows as «Formas que entiendo»): the words of its concepts, and a verb of each sense in the
 * infinitive (`borrar chofer`, `dejar de vigilar`, `no respondas aquí`).
 */

/** The verb a sense is usually said with: the first whose main sense it is (`borrar` for remove). */
const lemmaOf = (sense: Sense): VerbLemma | undefined =>
  VERBS.find((verb) => verb.senses[0] === sense && verb.tail === undefined) ??
  VERBS.find((verb) => verb.senses.includes(sense) && verb.tail === undefined);

function infinitive(sense: Sense): string | undefined {
  const verb = lemmaOf(sense);
  return verb && [...(bareForms(verb).get('infinitive') ?? [])][0];
}

/** The words one part is said with; the first is the usual one. */
function wordsOf(part: Part, name: string): string[] {
  switch (part.kind) {
    case 'name':
      return [name];
    case 'concept':
      // Chat spellings and abbreviations (`plac`, `dom fiscal`) are read, not taught.
      return lexicon
        .ofClass('concept')
        .flatMap((e) => (e.value === part.id && e.variety !== 'chat' ? e.forms : []));
    case 'class':
      return lexicon
        .ofClass(part.cls)
        .filter((e) => part.value === undefined || String(e.value) === part.value)
        .flatMap((e) => e.forms);
    case 'verb':
      return [infinitive(part.sense) ?? ''].filter(Boolean);
    case 'not': {
      const verb = lemmaOf(part.sense);
      const form = verb && [...(bareForms(verb).get('subjunctive') ?? [])][0];
      return form ? [`no ${form}`] : [];
    }
    case 'stop': {
      const verb = infinitive(part.sense);
      return verb ? [`dejar de ${verb}`] : [];
    }
  }
}

/** Up to `limit` wordings of `command`, its usual ones first (not its bare name). */
export function formsOf(command: CommandLanguage, limit = 10): string[] {
  const out = new Set<string>();
  const perConcept = command.triggers.length > 1 ? 3 : 8;
  for (const trigger of command.triggers) {
    const parts = trigger.parts.map((part) => parsePart(part, command.name)).filter((part) => !part.optional);
    if (parts.length === 1 && parts[0]?.kind === 'concept') {
      for (const word of wordsOf(parts[0], command.name).slice(0, perConcept)) out.add(word);
      continue;
    }
    // Two parts at most (`borrar chofer`, `celular de chofer`), in a form people type (not `v*:`).
    const anyForm = parts.some((part) => part.kind === 'verb' && (part.anyForm || part.sense === 'modal'));
    const named = trigger.needs === 'bot' ? ' bot' : trigger.needs === 'bot-or-here' ? ' aquí' : '';
    if (parts.length > 2 || anyForm || (trigger.needs !== undefined && named === '')) continue;
    const words = parts.map((part) => wordsOf(part, command.name)[0]);
    if (words.some((word) => word === undefined)) continue;
    const [first, second] = parts;
    const link = first?.kind !== 'verb' && second?.kind === 'concept' ? ' de ' : ' ';
    out.add(`${words.join(link)}${named}`);
  }
  out.delete(command.name);
  return [...out].slice(0, limit);
}
