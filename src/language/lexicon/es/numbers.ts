import { valued } from '../build.js';
import type { LexEntry, LexPattern } from '../types.js';

const UNITS = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const TENS: readonly (readonly [string, number])[] = [
  ['diez', 10],
  ['veinte', 20],
  ['treinta', 30],
  ['cuarenta', 40],
  ['cincuenta', 50],
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

/**
 * Numbers in words up to 59 (days, counts, minutes). `un`/`una` are also articles: the number
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
    ...compounds(),
  }),
  ...valued('ordinal', 'es', {
    1: ['primero', 'primera', 'primer', 'primeros', 'primeras'],
    2: ['segundo', 'segunda'],
    3: ['tercero', 'tercera', 'tercer'],
    4: ['cuarto', 'cuarta'],
    5: ['quinto', 'quinta'],
    6: ['sexto', 'sexta'],
    7: ['septimo', 'septima', 'setimo', 'setima'],
    8: ['octavo', 'octava'],
    9: ['noveno', 'novena'],
    10: ['decimo', 'decima'],
    11: ['undecimo', 'onceavo'],
    12: ['duodecimo', 'doceavo'],
  }),
];

/**
 * Ordinals written with digits: `1ro`, `1ero`, `1er`, `2do`, `3ra`, `4to`, `7mo`, `8vo`, `9no`,
 * `1°`, `1º` (NFKC `1o`), `1ra`, `2da`. Their value is the number (see `ordinalValue`).
 */
export const NUMBER_PATTERNS: readonly LexPattern[] = [
  {
    pattern: /^\d{1,2}(?:ro|ra|ero|era|er|do|da|to|ta|mo|ma|vo|va|no|na|avo|°|o|a)$/u,
    class: 'ordinal',
    variety: 'es',
  },
];
