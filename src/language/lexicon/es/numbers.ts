import { valued } from '../build.js';
import type { LexEntry, LexPattern } from '../types.js';

const UNITS = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const TENS: readonly (readonly [string, number])[] = [
  ['diez', 10],
  ['veinte', 20],
  ['treinta', 30],
  ['cuarenta', 40],
  ['cincuenta', 50],
  ['sesenta', 60],
  ['setenta', 70],
  ['ochenta', 80],
  ['noventa', 90],
];

/** `veintiuno`… and `treinta y uno`, `cuarenta y cinco` (also `diez y seis`, `veinte y uno`). */
function compounds(): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  const add = (value: number, form: string) => (out[value] ??= []).push(form);
  UNITS.forEach((unit, i) => add(21 + i, `veinti${unit}`));
  add(21, 'veintiun');
  add(21, 'veintiuna');
  for (const [tens, value] of TENS) {
    UNITS.forEach((unit, i) => add(value + i + 1, `${tens} y ${unit}`));
    add(value + 1, `${tens} y un`);
    add(value + 1, `${tens} y una`);
  }
  return out;
}

/** Ordinals 1–9 (first to ninth), also the units of compound ones: `vigésimo segundo`, `decimotercero`. */
const ORDINAL_UNITS: readonly (readonly string[])[] = [
  ['primero', 'primera', 'primer'],
  ['segundo', 'segunda'],
  ['tercero', 'tercera', 'tercer'],
  ['cuarto', 'cuarta'],
  ['quinto', 'quinta'],
  ['sexto', 'sexta'],
  ['septimo', 'septima', 'setimo', 'setima'],
  ['octavo', 'octava'],
  ['noveno', 'novena'],
];

/** Days of the month as ordinals past the tenth: `decimotercero`, `vigésimo primero`, `trigésimo primero`. */
function ordinalCompounds(): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  const tens: readonly (readonly [string, string, number])[] = [
    ['decimo', 'decima', 10],
    ['vigesimo', 'vigesima', 20],
    ['trigesimo', 'trigesima', 30],
  ];
  for (const [male, female, base] of tens) {
    ORDINAL_UNITS.forEach((forms, i) => {
      const value = base + i + 1;
      if (value > 31) return;
      for (const form of forms) {
        const head = form.endsWith('a') ? female : male;
        (out[value] ??= []).push(`${head} ${form}`, `${head}${form}`);
      }
    });
  }
  return out;
}

/**
 * Numbers in words: up to 99 as words and phrases (days, counts, minutes), hundreds and `mil`
 * that the number grammar composes (grammars/number.ts). `un`/`una` are also articles: the number
 * grammar reads them as one only before a unit (`hace una semana`).
 */
export const NUMBER_WORDS: readonly LexEntry[] = [
  ...valued('number-word', 'es', {
    0: ['cero'],
    1: ['uno', 'un', 'una'],
    2: ['dos'],
    3: ['tres'],
    4: ['cuatro'],
    5: ['cinco'],
    6: ['seis'],
    7: ['siete'],
    8: ['ocho'],
    9: ['nueve'],
    10: ['diez'],
    11: ['once'],
    12: ['doce'],
    13: ['trece'],
    14: ['catorce'],
    15: ['quince'],
    16: ['dieciseis'],
    17: ['diecisiete'],
    18: ['dieciocho'],
    19: ['diecinueve'],
    20: ['veinte'],
    30: ['treinta'],
    40: ['cuarenta'],
    50: ['cincuenta'],
    60: ['sesenta'],
    70: ['setenta'],
    80: ['ochenta'],
    90: ['noventa'],
    // Hundreds and `mil` make years in words (`dos mil veintiséis`, `mil novecientos noventa`).
    100: ['cien', 'ciento'],
    200: ['doscientos', 'doscientas'],
    300: ['trescientos', 'trescientas'],
    400: ['cuatrocientos', 'cuatrocientas'],
    500: ['quinientos', 'quinientas'],
    600: ['seiscientos', 'seiscientas'],
    700: ['setecientos', 'setecientas'],
    800: ['ochocientos', 'ochocientas'],
    900: ['novecientos', 'novecientas'],
    1000: ['mil'],
  }),
  // Apart from the words above: spread into them, `diez y seis` would replace `dieciseis`.
  ...valued('number-word', 'es', compounds()),
  ...valued('ordinal', 'es', {
    ...Object.fromEntries(ORDINAL_UNITS.map((forms, i) => [i + 1, forms])),
    10: ['decimo', 'decima'],
    11: ['undecimo', 'onceavo'],
    12: ['duodecimo', 'doceavo'],
    20: ['vigesimo', 'vigesima'],
    30: ['trigesimo', 'trigesima'],
  }),
  ...valued('ordinal', 'es', { 1: ['primeros', 'primeras'] }),
  ...valued('ordinal', 'es', ordinalCompounds()),
];

/**
 * Ordinals written with digits: `1ro`, `1ero`, `1er`, `2do`, `3ra`, `4to`, `7mo`, `8vo`, `9no`,
 * `1°`, `1º` (NFKC `1o`), `1.º` (the abbreviation as the RAE writes it), `1ra`, `2da`. Their value is
 * the number (grammars/ordinal.ts).
 */
export const NUMBER_PATTERNS: readonly LexPattern[] = [
  {
    pattern: /^\d{1,2}\.?(?:ro|ra|ero|era|er|do|da|to|ta|mo|ma|vo|va|no|na|avo|°|o|a)$/u,
    class: 'ordinal',
    variety: 'es',
  },
];
