import { UserError, echo } from './user-error.js';
import { numberDigits } from '../language/grammars/identifiers/digits.js';
import { checkRuc, rucGrammar } from '../language/grammars/identifiers/ruc.js';
import {
  holdsDigits,
  isContent,
  NO_CONTEXT,
  readLine,
  valueOrThrow,
} from '../language/grammars/identifiers/shared.js';

export { isValidRuc, RUC_PREFIXES, rucCheckDigit } from '../language/grammars/identifiers/ruc.js';

/**
 * Validates a RUC typed in chat before any API call, through the `ruc` grammar: separators and
 * groups (`20-12345678-6`, `20.123.456.786`, `20 123 456 786`), punctuation around it, the RUC
 * inside a short phrase. Two numbers (`20123456786 20601234565`) are refused, one per message.
 * Throws UserError: ruc-missing, invalid-ruc-format, invalid-ruc-length, invalid-ruc-prefix,
 * invalid-ruc-check, one-at-a-time.
 */
export function parseRuc(raw: string): string {
  const tokens = readLine(raw);
  const found = rucGrammar.find(tokens, NO_CONTEXT);
  if (found) return valueOrThrow(found);
  // Too short for the grammar's attempt (`2 veces`): still the user's RUC, told what is wrong.
  const first = tokens.find(holdsDigits) ?? tokens.find(isContent);
  if (first === undefined) throw new UserError('ruc-missing');
  const digits = numberDigits(first.text);
  const checked = checkRuc(digits, echo(digits ?? first.text));
  throw 'error' in checked ? checked.error : new UserError('invalid-ruc-format', { valor: echo(first.text) });
}
