/**
 * Numbers as admins write them in schedule commands: digits, words (`ocho`, `cuarenta y cinco`)
 * and ordinals (`1ro`, `2do`, `primero`, `la primera`). Tokens are already folded (`fold`).
 */

// prettier-ignore
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  cero: 0, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8,
  nueve: 9, diez: 10, once: 11, doce: 12, trece: 13, catorce: 14, quince: 15, dieciseis: 16,
  diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, veintiuno: 21, veintiuna: 21,
  veintidos: 22, veintitres: 23, veinticuatro: 24, veinticinco: 25, veintiseis: 26,
  veintisiete: 27, veintiocho: 28, veintinueve: 29, treinta: 30, cuarenta: 40, cincuenta: 50,
};
const TENS = new Set(['treinta', 'cuarenta', 'cincuenta']);

/** A number word at `tokens[at]` (`ocho`, `cuarenta y cinco`): its value and how many tokens it spans. */
export function numberWordAt(
  tokens: readonly string[],
  at: number,
): { value: number; length: number } | undefined {
  const word = tokens[at] ?? '';
  const value = NUMBER_WORDS[word];
  if (value === undefined) return undefined;
  const unit = NUMBER_WORDS[tokens[at + 2] ?? ''];
  if (TENS.has(word) && tokens[at + 1] === 'y' && unit !== undefined && unit >= 1 && unit <= 9) {
    return { value: value + unit, length: 3 };
  }
  return { value, length: 1 };
}

/** `1ro`, `1ero`, `1er`, `2do`, `3ra`, `4to`, `7mo`, `8vo`, `9no`, `1°`, `1º` (NFKC `1o`). */
const DIGIT_ORDINAL = /^(\d{1,2})(?:ro|ra|ero|era|er|do|da|to|ta|mo|ma|vo|va|no|na|avo|°|o)$/u;

// prettier-ignore
const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  primero: 1, primera: 1, primer: 1, primeros: 1, primeras: 1, segundo: 2, segunda: 2, tercero: 3,
  tercera: 3, tercer: 3, cuarto: 4, cuarta: 4, quinto: 5, quinta: 5, sexto: 6, sexta: 6,
  septimo: 7, septima: 7, setimo: 7, setima: 7, octavo: 8, octava: 8, noveno: 9, novena: 9,
  decimo: 10, decima: 10,
};

/** The value of an ordinal token (`1ro`, `2da`, `primero`, `tercera`), else undefined. */
export function ordinalOf(token: string): number | undefined {
  const digits = DIGIT_ORDINAL.exec(token);
  if (digits) return Number(digits[1]);
  return ORDINAL_WORDS[token];
}
