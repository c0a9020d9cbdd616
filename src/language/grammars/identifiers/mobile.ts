import { UserError, echo } from '../../../errors/user-error.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch } from '../types.js';
import { digitRunAt, numberDigits } from './digits.js';
import { holdsDigits, matched, spanText } from './shared.js';

/** Peru's country code, written before a mobile number (`+51`, `51`, `0051`). */
const COUNTRY = '51';
/** How a mobile starts: its 9, or the country code (`+51`, `51`, `0051`). */
const PHONE_START = new Set(['9', '+', '5', '0']);
/** A Peruvian mobile number: 9 digits starting with 9. */
const MOBILE = /^9\d{8}$/u;

/** The local 9 digits of `digits` (its country code removed), or undefined when it is no mobile. */
function localMobile(digits: string): string | undefined {
  const local = digits.length === 11 && digits.startsWith(COUNTRY) ? digits.slice(2) : digits;
  return MOBILE.test(local) ? local : undefined;
}

/** `+51`, `51`, `0051` alone before the number. */
const isCountryCode = (text: string) => text === `+${COUNTRY}` || text === COUNTRY || text === `00${COUNTRY}`;

/** The mobile starting at `at`, or an error when it is written as a phone (`+51…`) and is none. */
function mobileAt(tokens: readonly Token[], at: number): SlotMatch<string> | undefined {
  const text = tokens[at]!.text;
  if (isCountryCode(text)) {
    const run = digitRunAt(tokens, at + 1, 9);
    const local = run && localMobile(run.digits);
    if (run && local) return matched(at, run.end, { value: `${COUNTRY}${local}` }, ['mobile-country-code']);
    if (run) return invalid(tokens, at, run.end);
    return undefined;
  }
  if (text.startsWith('+')) {
    const digits = numberDigits(text.slice(1));
    const local = digits && localMobile(digits);
    if (local) return matched(at, at + 1, { value: `${COUNTRY}${local}` }, ['mobile-country-code']);
    return digits === undefined ? undefined : invalid(tokens, at, at + 1);
  }
  const run = digitRunAt(tokens, at, 9);
  const local = run && localMobile(run.digits);
  if (!run || !local) return undefined;
  return matched(at, run.end, { value: `${COUNTRY}${local}` }, [
    run.grouped ? 'mobile-grouped' : 'mobile-digits',
  ]);
}

function invalid(tokens: readonly Token[], start: number, end: number): SlotMatch<string> {
  const error = new UserError('chofer-telefono', { valor: echo(spanText(tokens, start, end)) });
  return matched(start, end, { error }, ['mobile-invalid']);
}

/**
 * `mobile`: a Peruvian mobile number, stored as `51XXXXXXXXX` (the WhatsApp id). Rules:
 * `mobile-digits` (`987654321`, `987-654-321`), `mobile-grouped` (`987 654 321`),
 * `mobile-country-code` (`+51 987 654 321`, `51987654321`). A mobile is looked for past other
 * numbers (a DNI before the phone is another slot's); with none, the first number, or one written
 * as a phone (`+51 12345`), is `chofer-telefono` (`mobile-invalid`).
 */
export const mobileGrammar: SlotGrammar<string> = {
  name: 'mobile',
  find(tokens) {
    for (let at = 0; at < tokens.length; at++) {
      if (!holdsDigits(tokens[at]!) || !PHONE_START.has(tokens[at]!.text.charAt(0))) continue;
      const found = mobileAt(tokens, at);
      if (found) return found;
    }
    // No mobile: the first number is a phone that is none (`chofer 4123… 12345`, once the
    // document's slot has taken its tokens).
    const first = tokens.findIndex(holdsDigits);
    return first < 0 ? undefined : invalid(tokens, first, digitRunAt(tokens, first, 9)?.end ?? first + 1);
  },
};
