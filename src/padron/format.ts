/**
 * The layout of SUNAT's "padrón reducido del RUC" text file (see SOURCES.md): Windows-1252 text,
 * one header line, then `RUC|NAME|13 more parts|` per taxpayer, empty parts written `-`. The
 * mirror keeps RUC and name in their own columns and the 13 other parts as the file wrote them
 * (the lines themselves are split in parse.ts).
 */

/** The 15 column names of the header, in order (a trailing `|` may follow). */
const PADRON_COLUMNS = [
  'RUC',
  'NOMBRE O RAZÓN SOCIAL',
  'ESTADO DEL CONTRIBUYENTE',
  'CONDICIÓN DE DOMICILIO',
  'UBIGEO',
  'TIPO DE VÍA',
  'NOMBRE DE VÍA',
  'CÓDIGO DE ZONA',
  'TIPO DE ZONA',
  'NÚMERO',
  'INTERIOR',
  'LOTE',
  'DEPARTAMENTO',
  'MANZANA',
  'KILÓMETRO',
] as const;

/** True when a (decoded) header line names exactly the 15 columns, in order. */
export function isPadronHeader(line: string): boolean {
  const names = line.replace(/\r$/u, '').split('|');
  if (names[names.length - 1] === '') names.pop();
  return (
    names.length === PADRON_COLUMNS.length && names.every((name, i) => name.trim() === PADRON_COLUMNS[i])
  );
}

/** Windows-1252's printable characters at 0x80–0x9F (undefined bytes stay as they decode). */
const CP1252: Readonly<Record<number, string>> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};
const HAS_C1 = /[\x80-\x9f]/u;
const C1_RANGE = /[\x80-\x9f]/gu;

/**
 * Decodes Windows-1252 bytes (Latin-1 plus 27 printable characters at 0x80–0x9F), one character
 * per byte. `mayHaveC1: false` (the caller saw no byte in 0x80–0x9F) skips the search for them.
 */
export function decodeWindows1252(bytes: Buffer, mayHaveC1 = true): string {
  const text = bytes.toString('latin1');
  return mayHaveC1 && HAS_C1.test(text)
    ? text.replace(C1_RANGE, (char) => CP1252[char.charCodeAt(0)] ?? char)
    : text;
}

/**
 * UTF-8 bytes decoded as Windows-1252 ("PEÃ‘A" for "PEÑA"): a lead byte Â/Ã then a continuation
 * byte, which 0x80–0x9F may have turned into one of the 27 characters above.
 */
export const MOJIBAKE = new RegExp(`[ÂÃ][\\x80-\\xbf${Object.values(CP1252).join('')}]`, 'u');
