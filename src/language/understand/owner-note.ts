import { lexicon } from '../lexicon/index.js';
import type { LexEntry, VerbForm, WordClass } from '../lexicon/types.js';
import type { Token } from '../tokenize.js';
import { classAt, isMark, perfectAt, reasonAt, SOCIAL, statementAt } from './line.js';
import { afterPause, hasId, isId, NOTE_GLUE, ownerHit, type TailContext, tellsFrom } from './tail-words.js';

/**
 * Whose the identifier of a complete request is, said after it (`… del nuevo chofer`, `… de la
 * camioneta blanca`): rules `owner-note`, `owner-said`, `joining-note` and `described-owner`, which
 * tail.ts tries among the words that may follow a request.
 */

const set = (...classes: WordClass[]) => new Set<WordClass>(classes);
/** Words that may open an owner note: `correspondiente al postulante` (and `de`, `del`). */
const OWNER_LEAD = set('owner-lead', 'owner-said');

/**
 * `del nuevo chofer`, `de nuestra empresa`, `correspondiente al postulante`: whose the identifier
 * is, said in a line that asks (`por favor el dni … del nuevo chofer`): `owner-note`. A bare `ruc …
 * de la señora` tells a colleague whose number it is: no request. Someone joining (`del
 * postulante`, `de la nueva asistente`, `del trabajador que entra el lunes`) is whose documents
 * personnel checks, and `…, es la empresa nueva` says after a pause who it is: those read as
 * requests without courtesy (`joining-note`, `owner-said`).
 */
export function ownerNote(ctx: TailContext, at: number): string | undefined {
  const { tokens, keys } = ctx;
  const k = keys[at] ?? '';
  const leadLength = classAt(keys, at, OWNER_LEAD);
  if (leadLength === 0 && !lexicon.is(k, 'owner-of')) return undefined;
  // Whose an identifier is: one was given before (`las comisiones de los vendedores` owns none).
  if (!Object.values(ctx.slots).some((slot) => slot.start < at)) return undefined;
  const leads = leadLength > 0 ? lexicon.phrasesAt(keys, at, OWNER_LEAD) : [];
  // `…, es la empresa de transportes`: who it is, said after a pause.
  const said = leads.find((hit) => hit.entry.class === 'owner-said');
  // Not `…, es el de la señora`: whose it is, told (as `… de la señora` is).
  if (said && (!afterPause(tokens, keys, at) || lexicon.is(keys[at + said.length] ?? '', 'preposition')))
    return undefined;
  const lead = said?.length ?? (leads[0]?.length || 1);
  const courteous = ctx.asked || ctx.polite;
  let joining = false;
  let owners = 0;
  let described = 0;
  let lastId: number | undefined; // found once: a clause about the owner may name no number after it
  const accepted = () => {
    if (courteous) return 'owner-note';
    if (said) return 'owner-said';
    return joining ? 'joining-note' : undefined;
  };
  for (let i = at + lead; i < tokens.length; i++) {
    if (isMark(tokens[i])) continue;
    // Without courtesy nothing in the note may tell (`… de la candidata ya está en el file`).
    if (!courteous && (statementAt(tokens, keys, i, false) || lexicon.is(keys[i] ?? '', 'negation')))
      return undefined;
    const social = classAt(keys, i, SOCIAL);
    if (social > 0) {
      i += social - 1;
      continue;
    }
    if (owners > 0 && (keys[i] === 'que' || keys[i] === 'q') && pendingClause(ctx, i + 1)) {
      joining = true; // `del trabajador que entra el lunes`, `que vamos a contratar`
      return accepted();
    }
    if (owners > 0 && courteous && aboutOwner(ctx, i) && i > (lastId ??= tokens.findLastIndex(isId)))
      return 'owner-note';
    // `del nuevo chofer para su legajo`, `…, para su alta`: a reason may follow whose it is (that
    // tells nothing), its `para` no glue of the note.
    // Not courteous, a relative clause must say what is pending (`que nos estafó` may tell).
    if (owners > 0 && reasonAt(tokens, keys, i)) {
      if (courteous) return accepted();
      const relative = lexicon.is(keys[i] ?? '', 'question-word');
      return !tellsFrom(tokens, keys, i) && !relative ? accepted() : undefined;
    }
    const glue = classAt(keys, i, NOTE_GLUE);
    if (glue > 0) {
      // `del nuevo`, `de la nueva asistente`: someone joining (the qualifier may stand for the noun).
      if (lexicon.phrasesAt(keys, i, QUALIFIER).some((hit) => hit.entry.value === 'new')) {
        joining = true;
        owners += 1;
      }
      i += glue - 1;
      continue;
    }
    // `del proveedor de cemento`: what the owner deals in (one word after `de`, no number).
    if (owners > 0 && /^del?$/u.test(keys[i - 1] ?? '') && describing(keys, tokens, i, true)) continue;
    // `del postulante venezolano`, `de la camioneta blanca`: a word describing the owner.
    if (owners > 0 && described < MAX_DESCRIBING && describing(keys, tokens, i, false)) {
      described += 1;
      continue;
    }
    const owner = lexicon.phrasesAt(keys, i).find((hit) => ownerHit(hit.entry));
    if (!owner) return undefined;
    if (owner.entry.value === 'joining') joining = true;
    owners += 1;
    i += owner.length - 1;
  }
  return owners > 0 ? accepted() : undefined;
}

/** Words that may describe an owner after it (`amarillo`, `de reemplazo`). */
const MAX_DESCRIBING = 2;
const QUALIFIER = set('qualifier');

/** `placa … del camión`: a concept the command's argument may carry (`c:vehicle`). */
function ignoredConcept(ctx: TailContext, value: LexEntry['value']): boolean {
  return (ctx.match.command.ignores ?? []).includes(`c:${String(value)}`);
}

/**
 * A word describing the one named before it: unknown to the lexicon (`amarillo`, `venezolano`),
 * no number, no verb that tells; after `de`, a noun that is also a verb's present (`de reemplazo`).
 */
function describing(keys: readonly string[], tokens: readonly Token[], i: number, afterDe: boolean): boolean {
  if (/\d/u.test(tokens[i]?.text ?? '') || tokens[i]?.shape !== 'word') return false;
  // An office area describes as an unknown word does (`del nuevo de almacén`).
  if (lexicon.entries(keys[i] ?? '').some((entry) => entry.class !== 'department')) return false;
  const verb = lexicon.verbAt(keys, i);
  if (!verb) return true;
  const typedPast = tokens[i]!.accented && verb.forms.some((form) => form.form === 'past');
  return afterDe && verb.length === 1 && !typedPast && verb.forms.some((form) => form.form === 'present-1');
}

/**
 * `placa … del camión amarillo`, `… de la unidad de reemplazo`: words describing an owner the
 * command already reads (a vehicle it ignores), with nothing else after them.
 */
export function describedOwner(ctx: TailContext, at: number): boolean {
  const { tokens, keys } = ctx;
  if (!(ctx.match.command.ignores ?? []).some((part) => part.startsWith('c:'))) return false;
  let noun = at - 1;
  while (noun > 0 && lexicon.phrasesAt(keys, noun, QUALIFIER).length > 0) noun -= 1;
  const hit = lexicon.phrasesAt(keys, noun).find((h) => h.entry.class === 'concept');
  if (!hit || !ignoredConcept(ctx, hit.entry.value) || noun + hit.length < at - 1) return false;
  let lead = noun - 1;
  while (lead > 0 && lexicon.is(keys[lead] ?? '', 'article')) lead -= 1;
  const slotEnd = Math.max(0, ...Object.values(ctx.slots).map((slot) => slot.end));
  if (!lexicon.is(keys[lead] ?? '', 'owner-of') || lead < slotEnd) return false;
  let described = 0;
  for (let i = at; i < tokens.length; i++) {
    if (isMark(tokens[i])) continue;
    if (lexicon.is(keys[i] ?? '', 'owner-of') && describing(keys, tokens, i + 1, true)) {
      i += 1;
    } else if (!describing(keys, tokens, i, false)) return false;
    described += 1;
    if (described > MAX_DESCRIBING) return false;
  }
  return described > 0;
}

/**
 * After `que`, what the owner is about to do (`entra el lunes`, `vamos a contratar`, `viene a la
 * entrevista`): nothing that tells (a past, a state, `ya`, a report), no negation, no identifier.
 */
function pendingClause(ctx: TailContext, from: number): boolean {
  const { tokens, keys } = ctx;
  if (from >= tokens.length || hasId(tokens, from)) return false;
  let pending = false; // a verb known not to tell: `entra`, `viene`, `contratar`
  for (let i = from; i < tokens.length; i++) {
    if (classAt(keys, i, TELLS) > 0 || keys[i] === 'ya' || perfectAt(keys, i)) return false;
    const verb = lexicon.verbAt(keys, i);
    const past = (form: VerbForm) => form.form === 'past' || form.form === 'participle';
    if (verb && verb.forms.some(past) && (tokens[i]!.accented || verb.forms.every(past))) return false;
    pending ||= verb !== undefined;
  }
  return pending;
}

/** In a clause about someone, words that tell: a state, a report, a negation. */
const TELLS = set('state-verb', 'report-verb', 'telling', 'negation');

/**
 * After whose it is, a clause about that one: `… que nos cotizó`, `…, está activo?`. Only the
 * line's own courtesy or question lets it through (checked by the caller), never a number.
 */
function aboutOwner(ctx: TailContext, at: number): boolean {
  const k = ctx.keys[at];
  return k === 'que' || k === 'q' || (ctx.question && classAt(ctx.keys, at, STATE_VERB) > 0);
}

const STATE_VERB = set('state-verb');
