import { echo } from '../../input/args.js';
import { UserError } from '../../input/user-error.js';
import { lexicon } from '../lexicon/index.js';
import type { Token } from '../tokenize.js';
import type { SlotGrammar } from './types.js';

/**
 * A driver's identity document and WhatsApp number, as admins type them after `chofer`
 * (`chofer 4123… cel 987 654 321`, `registra al conductor 4123… +51 987-654-321`).
 */

/** Identity document of a driver: DNI (8 digits) or a foreigner's card (9 to 12 letters/digits). */
export function parseDriverDocument(raw: string): string {
  const value = raw.trim().toUpperCase();
  if (!/^[0-9A-Z]{8,12}$/u.test(value) || !/\d/u.test(value)) {
    throw new UserError('chofer-documento', { valor: echo(raw) });
  }
  return value;
}

/**
 * A Peruvian mobile number: 9 digits starting with 9, optionally with +51/51 and spaces or
 * hyphens. Stored as `51XXXXXXXXX` (the WhatsApp id without `@s.whatsapp.net`).
 */
export function parseDriverPhone(raw: string): string {
  const trimmed = raw.trim();
  const digits = /^\+?[\d\s().-]+$/u.test(trimmed) ? trimmed.replace(/\D/gu, '') : '';
  const local = digits.length === 11 && digits.startsWith('51') ? digits.slice(2) : digits;
  if (!/^9\d{8}$/u.test(local)) throw new UserError('chofer-telefono', { valor: echo(raw) });
  return `51${local}`;
}

const hasDigit = (token: Token | undefined) => token !== undefined && /\d/u.test(token.text);

function attempt<V>(start: number, end: number, read: () => V, because: string) {
  try {
    return { start, end, result: { value: read() }, because: [because] };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { start, end, result: { error }, because: [because] };
  }
}

/** A document reference (`T001-42`): a series with a letter, then a number. */
const DOCUMENT_REF = /(?:^|[-\s])(?=[0-9]*[a-z])[a-z0-9]{4}-\d{1,8}(?:$|[-.\s])/iu;
/** A DNI, card or phone: 7 digits or more in one token (`4123456` is a mistyped DNI, still an attempt). */
const personNumber = (token: Token) =>
  (token.text.match(/\d/gu)?.length ?? 0) >= 7 && !DOCUMENT_REF.test(token.text);

/** The first person number of the argument: the driver's DNI or card. */
export const personId: SlotGrammar<string> = {
  name: 'person-id',
  find(tokens) {
    const at = tokens.findIndex(personNumber);
    if (at < 0) return undefined;
    return attempt(at, at + 1, () => parseDriverDocument(tokens[at]!.text), 'person-id');
  },
};

/** The digits after the document, joined (`987 654 321`, `+51 987-654-321`): the phone. */
export const mobile: SlotGrammar<string> = {
  name: 'mobile',
  find(tokens) {
    const start = tokens.findIndex(hasDigit);
    if (start < 0) return undefined;
    let end = start + 1;
    while (end < tokens.length && (hasDigit(tokens[end]) || tokens[end]!.shape === 'punct')) end += 1;
    const text = tokens
      .slice(start, end)
      .filter((token) => hasDigit(token) || token.text === '+')
      .map((token) => token.text)
      .join(' ');
    return attempt(start, end, () => parseDriverPhone(text), 'mobile');
  },
};

/** `borrar`, `eliminar`, `dar de baja` inside the argument (`chofer borrar 4123…`). */
export const driverAction: SlotGrammar<'remove'> = {
  name: 'driver-action',
  find(tokens) {
    const at = tokens.findIndex((token) =>
      lexicon.verb(token.key).some((form) => form.senses.includes('remove')),
    );
    if (at < 0) return undefined;
    return { start: at, end: at + 1, result: { value: 'remove' }, because: ['driver-action'] };
  },
};
