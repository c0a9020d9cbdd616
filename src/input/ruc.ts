import { UserError, echo } from './user-error.js';
import { rucGrammar } from '../language/grammars/identifiers/ruc.js';
import { isContent, NO_CONTEXT, readLine, valueOrThrow } from '../language/grammars/identifiers/shared.js';

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
  if (found) return valueOrThrow(found).ruc;
  const first = tokens.find(isContent);
  if (first === undefined) throw new UserError('ruc-missing');
  throw new UserError('invalid-ruc-format', { valor: echo(first.text) });
}
