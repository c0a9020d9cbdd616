import { UserError, echo } from '../../../errors/user-error.js';
import { lexicon } from '../../lexicon/index.js';
import type { Token } from '../../tokenize.js';
import type { SlotGrammar, SlotMatch } from '../types.js';
import { holdsDigits, isContent, isDash, matched, oneAtATime, sameValue } from './shared.js';

/**
 * The plate codes Peru issues, as letters and digits without the hyphen (the compact form the
 * lookup takes). Sources:
 * - Reglamento de Placa Única Nacional de Rodaje, D.S. 017-2008-MTC, in force since 2010, as
 *   summarised in "Vehicle registration plates of Peru" / "Kfz-Kennzeichen (Peru)" (Wikipedia,
 *   everything.explained.today/Vehicle_registration_plates_of_Peru, de.zxc.wiki/wiki/
 *   Kfz-Kennzeichen_(Peru)): since 2010 a letter (the registry zone), two letters or digits, then
 *   three digits, for cars, trucks, buses and trailers alike (`ABC-123`, `A1B-234`, `C3X-918`);
 *   before 2010 two letters and four digits (`AB-1234`; 1974–2009, motorcycles `M`/`N` and
 *   trailers `Z` included) and three letters and three digits (1995–2009, `ABC-123`).
 * - Category L (motorcycles, mototaxis): four digits, a letter or digit, and the registry zone's
 *   letter (`1234-5A`), the 2010 reglamento's form kept by R.D. 006-2026-MTC/18 (Infobae,
 *   2026-01-10, "MTC aplica cambios temporales en la identificación de placas de vehículos
 *   menores"); since 17 Dec 2025 three letters and four digits (`ABC-1234`; Diario Correo
 *   2025-11-30, Panamericana 2025-11-26), the new plate whose roll-out D.S. 021-2025-MTC paused.
 * - Special plates (police, firefighters, ambulances, official): `E`, two characters for the
 *   kind, three digits (same sources): the 2010 form above covers them.
 * - Diplomatic, consular and international-organisation plates (`CD`, `CC`, `OI`…) and other
 *   series without a published composition: no authoritative source was found, so any code of
 *   1–3 letters then digits that the tax authority's own check admits (6–8 characters,
 *   peru-domain.md) is accepted rather than refused. What no format allows (digits before letters
 *   outside category L, letters after the digits, fewer than 3 digits, 4+ letters) is refused.
 */
const PLATE_FORMATS: readonly { readonly rule: string; readonly pattern: RegExp }[] = [
  { rule: 'plate-1974', pattern: /^[A-Z]{2}\d{4}$/u },
  { rule: 'plate-2010', pattern: /^[A-Z][A-Z0-9]{2}\d{3}$/u },
  { rule: 'plate-l-2010', pattern: /^\d{4}[A-Z0-9][A-Z]$/u },
  { rule: 'plate-l-2025', pattern: /^[A-Z]{3}\d{4}$/u },
  { rule: 'plate-special-series', pattern: /^[A-Z]{1,3}\d{3,7}$/u },
];
/** The tax authority's length bounds (`^[0-9A-Z]{6,8}$`, peru-domain.md). */
const MIN_LENGTH = 6;
const MAX_LENGTH = 8;
/** A part of a plate typed apart (`ABC 123`, `1234 5A`): letters and digits only, at most 4. */
const PART = /^[0-9A-Za-z]{1,4}$/u;
const LETTERS_ONLY = /^\p{L}+$/u;
const UPPER = /^\p{Lu}+$/u;

/** `abc-123` → `ABC123`: strips hyphens (and their look-alikes) and spaces, uppercases. */
export function normalizePlate(raw: string): string {
  return raw.replace(/[\s\u2010-\u2015-]/gu, '').toUpperCase();
}

/** The rule of the format a compact plate has (`plate-2010`…), or undefined for none. */
export function plateFormat(plate: string): string | undefined {
  if (plate.length < MIN_LENGTH || plate.length > MAX_LENGTH) return undefined;
  return PLATE_FORMATS.find((format) => format.pattern.test(plate))?.rule;
}

/**
 * A part that may join the next to make a plate: short letters or digits; a word the lexicon
 * knows joins only in capitals (`ESA 123` may be a plate, `de 1234` is not `DE1234`).
 */
function joinable(token: Token | undefined): boolean {
  if (token === undefined || !PART.test(token.text)) return false;
  if (!LETTERS_ONLY.test(token.text)) return true;
  return UPPER.test(token.text) || lexicon.entries(token.key).length === 0;
}

/** The plate written at `at`, one token or two parts apart, with the rules that read it. */
function plateAt(
  tokens: readonly Token[],
  at: number,
): { end: number; plate: string; because: string[] } | undefined {
  const first = tokens[at]!;
  if (joinable(first)) {
    const second = isDash(tokens[at + 1]) ? at + 2 : at + 1;
    const next = tokens[second];
    if (next && joinable(next)) {
      const plate = normalizePlate(first.text + next.text);
      const rule = plateFormat(plate);
      if (rule && (holdsDigits(first) || holdsDigits(next))) {
        return { end: second + 1, plate, because: [rule, 'plate-parts-joined'] };
      }
    }
  }
  if (!holdsDigits(first)) return undefined;
  const plate = normalizePlate(first.text);
  const rule = plateFormat(plate);
  return rule ? { end: at + 1, plate, because: [rule] } : undefined;
}

/**
 * `plate`: a Peruvian plate (`ABC-123`, `abc 123`, `C3X – 918`, `1234-5A`, `ABC-1234`), in the
 * formats above; a number or code that fits none is `invalid-plate` and costs nothing. Two plates
 * are `one-at-a-time`.
 */
export const plateGrammar: SlotGrammar<string> = {
  name: 'plate',
  find(tokens): SlotMatch<string> | undefined {
    const plates: { start: number; end: number; plate: string; because: string[] }[] = [];
    let attempt: number | undefined;
    for (let at = 0; at < tokens.length; at++) {
      if (!isContent(tokens[at]!)) continue;
      const found = plateAt(tokens, at);
      if (found) {
        plates.push({ start: at, ...found });
        at = found.end - 1;
      } else if (holdsDigits(tokens[at]!)) attempt ??= at;
    }
    const [first] = plates;
    const last = plates[plates.length - 1];
    // The same plate written twice (`moto 1234-5A en puerta, placa 1234-5A`) is one.
    if (first && last && sameValue(plates, (found) => found.plate))
      return matched(first.start, last.end, { value: first.plate }, [...first.because, 'plate-repeated']);
    if (plates.length > 1 && last) {
      return matched(first!.start, last.end, { error: oneAtATime('plate', plates.length) }, [
        'plate-several',
      ]);
    }
    if (first) return matched(first.start, first.end, { value: first.plate }, first.because);
    if (attempt === undefined) return undefined;
    const error = new UserError('invalid-plate', { valor: echo(tokens[attempt]!.text) });
    return matched(attempt, attempt + 1, { error }, ['plate-no-format']);
  },
};
