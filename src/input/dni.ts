import { UserError, echo } from './user-error.js';
import { numberDigits } from '../language/grammars/identifiers/digits.js';
import { dniGrammar } from '../language/grammars/identifiers/dni.js';
import { licenceGrammar } from '../language/grammars/identifiers/licence.js';
import {
  holdsDigits,
  isContent,
  NO_CONTEXT,
  readLine,
  valueOrThrow,
} from '../language/grammars/identifiers/shared.js';
import type { SlotGrammar } from '../language/grammars/types.js';

export { dniCheckDigit, isValidDni } from '../language/grammars/identifiers/dni.js';

/** The value `grammar` reads in `raw`, or the DNI errors for a line without a number. */
function readDni(raw: string, grammar: SlotGrammar<string>): string {
  const tokens = readLine(raw);
  const found = grammar.find(tokens, NO_CONTEXT);
  if (found) return valueOrThrow(found);
  // Too short for the grammar's attempt (`12`): still the user's DNI, told what is wrong.
  const first = tokens.find(holdsDigits) ?? tokens.find(isContent);
  if (first === undefined) throw new UserError('dni-missing');
  throw new UserError('invalid-dni', {
    valor: echo(first.text),
    digitos: numberDigits(first.text)?.length ?? 0,
  });
}

/**
 * `45678912 K`, `45678912 - 4`, `4567 8912 4`: a DNI with its check character apart and nothing
 * else, a request (not chatter) although it has two parts.
 */
export function looksLikeDniWithCheck(raw: string): boolean {
  const tokens = readLine(raw);
  const found = dniGrammar.find(tokens, NO_CONTEXT);
  const content = tokens.map((token, at) => (isContent(token) ? at : -1)).filter((at) => at >= 0);
  return (
    found !== undefined &&
    found.because.includes('dni-check-apart') &&
    found.start <= (content[0] ?? 0) &&
    found.end > (content[content.length - 1] ?? 0)
  );
}

/**
 * Validates a DNI typed in chat through the `dni` grammar: 8 digits in any grouping
 * (`45678912`, `4567 8912`, `45 678 912`, `45.678.912`), with its verification character glued or
 * apart (`10117410-2`, `45678912 - 4`, `45678912 K`), which is checked. Two DNIs are refused.
 * Throws UserError: dni-missing, invalid-dni, invalid-dni-check, one-at-a-time.
 */
export function parseDni(raw: string): string {
  return readDni(raw, dniGrammar);
}

/**
 * The DNI behind a `licencia` argument: a DNI, or a licence number made of one letter plus the
 * DNI (`Q41234567`), which is how Peruvian licences are numbered.
 */
export function parseLicenceDni(raw: string): string {
  return readDni(raw, licenceGrammar);
}
