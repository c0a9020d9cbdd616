/**
 * The 13 parts after the name in a register line, and the one-line address SUNAT's own lookup
 * shows ("AV. X NRO. 12 INT. 3 URB. Y"). Parts written `-` (or `----`) are absent.
 */

/** Estado, condición, ubigeo and the address parts of one taxpayer; null when the file says `-`. */
export interface PadronParts {
  estado: string | null;
  condicion: string | null;
  ubigeo: string | null;
  tipoVia: string | null;
  nombreVia: string | null;
  /** The zone's kind (URB., P.J., A.H.…): SUNAT's column "CÓDIGO DE ZONA". */
  codigoZona: string | null;
  /** The zone's name: SUNAT's column "TIPO DE ZONA". */
  tipoZona: string | null;
  numero: string | null;
  interior: string | null;
  lote: string | null;
  /** The flat (not the region). */
  departamento: string | null;
  manzana: string | null;
  kilometro: string | null;
}

const KEYS = [
  'estado',
  'condicion',
  'ubigeo',
  'tipoVia',
  'nombreVia',
  'codigoZona',
  'tipoZona',
  'numero',
  'interior',
  'lote',
  'departamento',
  'manzana',
  'kilometro',
] as const satisfies readonly (keyof PadronParts)[];

function present(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' || /^-+$/u.test(text) ? null : text;
}

/** Splits the stored `rest` of a line into its named parts. */
export function splitParts(rest: string): PadronParts {
  const values = rest.split('|');
  const parts = {} as Record<keyof PadronParts, string | null>;
  KEYS.forEach((key, i) => {
    parts[key] = present(values[i]);
  });
  return parts;
}

/** The address as one line, in the order SUNAT's lookup prints it; null when no part is known. */
export function addressLine(p: PadronParts): string | null {
  const words = [
    p.tipoVia,
    p.nombreVia,
    p.numero && `NRO. ${p.numero}`,
    p.kilometro && `KM. ${p.kilometro}`,
    p.manzana && `MZA. ${p.manzana}`,
    p.lote && `LOTE ${p.lote}`,
    p.departamento && `DPTO. ${p.departamento}`,
    p.interior && `INT. ${p.interior}`,
    p.codigoZona,
    p.tipoZona,
  ].filter((word): word is string => Boolean(word));
  return words.length > 0 ? words.join(' ') : null;
}
