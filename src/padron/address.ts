import type { PadronTaxpayer } from './port.js';

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

/** A part as the register wrote it; null when blank or dashes only (`-`, `----`). */
function present(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value.trim();
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== 0x2d) return text;
  return null;
}

/**
 * The taxpayer of a stored row (`NAME|13 parts`), built as one object literal: a lookup's cost is
 * mostly this (a spread of the parts into the answer had cost half of it).
 */
export function taxpayerOf(ruc: string, line: string): PadronTaxpayer {
  const v = line.split('|');
  const p: PadronTaxpayer = {
    ruc,
    name: (v[0] ?? '').trimEnd(),
    estado: present(v[1]),
    condicion: present(v[2]),
    ubigeo: present(v[3]),
    tipoVia: present(v[4]),
    nombreVia: present(v[5]),
    codigoZona: present(v[6]),
    tipoZona: present(v[7]),
    numero: present(v[8]),
    interior: present(v[9]),
    lote: present(v[10]),
    departamento: present(v[11]),
    manzana: present(v[12]),
    kilometro: present(v[13]),
    address: null,
  };
  p.address = addressLine(p);
  return p;
}

/** The address as one line, in the order SUNAT's lookup prints it; null when no part is known. */
function addressLine(p: PadronParts): string | null {
  let line = '';
  const add = (word: string | null, label = '') => {
    if (word !== null) line += `${line === '' ? '' : ' '}${label}${word}`;
  };
  add(p.tipoVia);
  add(p.nombreVia);
  add(p.numero, 'NRO. ');
  add(p.kilometro, 'KM. ');
  add(p.manzana, 'MZA. ');
  add(p.lote, 'LOTE ');
  add(p.departamento, 'DPTO. ');
  add(p.interior, 'INT. ');
  add(p.codigoZona);
  add(p.tipoZona);
  return line === '' ? null : line;
}
