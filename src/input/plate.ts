import { UserError, echo } from './user-error.js';
import { plateFormat, plateGrammar } from '../language/grammars/identifiers/plate.js';
import { isContent, NO_CONTEXT, readLine, valueOrThrow } from '../language/grammars/identifiers/shared.js';

export { normalizePlate } from '../language/grammars/identifiers/plate.js';

/**
 * A plate worth a paid lookup: one of the formats Peru issues (see the `plate` grammar), so
 * words (`2VECES`, `ABCDEF`) and impossible codes (`AB12CD`, `12345678`) never reach the API.
 */
export function isPlausiblePlate(plate: string): boolean {
  return plateFormat(plate) !== undefined;
}

/**
 * Validates a plate typed in chat through the `plate` grammar: `ABC123`, `abc-123`, `ABC 123`,
 * `1234-5A`, or the plate inside a short phrase (`del camión abc-123`); two plates
 * (`abc123 b7x456`) are refused, one per message.
 * Throws UserError: plate-missing, invalid-plate, one-at-a-time.
 */
export function parsePlate(raw: string): string {
  const tokens = readLine(raw);
  const found = plateGrammar.find(tokens, NO_CONTEXT);
  if (found) return valueOrThrow(found);
  const first = tokens.find(isContent);
  if (first === undefined) throw new UserError('plate-missing');
  throw new UserError('invalid-plate', { valor: echo(first.text) });
}
