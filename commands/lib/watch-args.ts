import type { CommandContext } from '../../src/bot/command.js';
import { parseRuc } from '../../src/input/ruc.js';
import { UserError } from '../../src/input/user-error.js';
import { chatKey } from '../../src/text/phrasing.js';
import type { WatchPort } from '../../src/watch/port.js';
import { arVerb, combine, implying, irVerb } from './forms.js';

/** Words before the RUC in natural phrasings: "vigila el ruc …", "avísame si cambia el estado del ruc …". */
const LEAD =
  /^(de|del|el|al|a|la|los|en|ruc|vigilar|vigiles|vigilando|proveedor|cliente|estado|algo|n°|nro|numero|número|:)$/iu;

/**
 * Leading argument implied by the generic verbs (`agrega el ruc …`, `quita el ruc …`): those are a
 * watch-list change only when the line names the list (`… a vigilados`, `… de la vigilancia`);
 * unaddressed lines without it stay silent (`quita el ruc 2060… de la factura`).
 */
export const LIST_FORM = '+lista';
/** A word that names the watch list: `vigilados`, `vigilancia`, `monitoreo`, `seguimiento`. */
const LIST_WORD = /^(vigil|monitore|seguimiento)/u;
/** The words that name the list at the start of a note (`a la lista de vigilados`). */
const LIST_NAME =
  /^(?:(?:a|al|de|del|en|la|los)\s+)*(?:lista\s+de\s+)?\S*(?:vigil|monitore|seguimiento)\S*\s*/iu;
/** The RUC words after the verb of a list form: `agrega el ruc`, `quita al proveedor`. */
const A_RUC = ['el ruc', 'ruc', 'al ruc', 'al', 'al proveedor', 'al cliente'];

/** `agrega el ruc`, `añádeme al proveedor`, `pon el ruc` … (vigilar, with LIST_FORM). */
export const ADD_TO_LIST = implying(
  combine(
    [
      ...['agreg', 'aument'].flatMap(arVerb),
      ...irVerb('añad', 'ir'),
      'agreguen',
      'pon',
      'poner',
      'mete',
      'meter',
      'incluye',
      'incluir',
    ],
    A_RUC,
  ),
  LIST_FORM,
);
/** `quita el ruc`, `borra al proveedor`, `saca el ruc` … (dejar, with LIST_FORM). */
export const REMOVE_FROM_LIST = implying(
  combine([...['quit', 'borr', 'elimin', 'retir'].flatMap(arVerb), 'saca', 'sacar', 'saquen'], A_RUC),
  LIST_FORM,
);

const hasRucDigits = (word: string) => word.replace(/[.-]/gu, '').replace(/\D/gu, '').length >= 8;

/** The words of `raw` without the list-form marker, and whether it was there. */
function unmark(raw: string): { words: string[]; listForm: boolean } {
  const words = raw.split(' ').filter(Boolean);
  const listForm = words[0] === LIST_FORM;
  return { words: listForm ? words.slice(1) : words, listForm };
}

/** `[lead words] <ruc> [note…]` → the RUC (validated) and the note (the words after it). */
export function parseWatchArgs(raw: string): { ruc: string; note?: string } {
  const { words, listForm } = unmark(raw);
  const at = words.findIndex(hasRucDigits);
  if (at < 0 || !words.slice(0, at).every((word) => LEAD.test(word.replace(/:$/u, '')))) {
    return { ruc: parseRuc(words.join(' ')) };
  }
  const ruc = parseRuc(words[at] ?? '');
  let note = words
    .slice(at + 1)
    .join(' ')
    .replace(/^[-:–—,]+\s*/u, '')
    .trim();
  if (listForm) note = note.replace(LIST_NAME, '').trim();
  note = note.slice(0, 80);
  return note ? { ruc, note } : { ruc };
}

/** An unaddressed message is an attempt when lead words are followed by a RUC-like number. */
export function isWatchAttempt(raw: string): boolean {
  const { words, listForm } = unmark(raw);
  const at = words.findIndex(hasRucDigits);
  if (listForm && !words.slice(at + 1).some((word) => LIST_WORD.test(chatKey(word)))) return false;
  return at >= 0 && at <= 4 && words.slice(0, at).every((word) => LEAD.test(word.replace(/:$/u, '')));
}

/**
 * A generic verb (LIST_FORM) whose line does not name the watch list is not about it: silent
 * unaddressed, even with a bare RUC (`agrega el ruc 2060…` could be for an invoice).
 */
export function isUnlistedForm(keys: readonly string[]): boolean {
  return keys[0] === LIST_FORM && !keys.some((key) => LIST_WORD.test(key));
}

/** The watch list, or a templated "not available" when the app has none. */
export function watchPort(ctx: CommandContext<unknown>): WatchPort {
  const port = ctx.services.watch;
  if (!port) throw new UserError('vigilar-no-disponible');
  return port;
}
