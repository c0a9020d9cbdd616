import { rucCheckDigit } from '../../language/grammars/identifiers/ruc-digits.js';
import type { Taxpayer } from '../../lookup/schemas/index.js';
import { taxpayers } from '../fixtures/index.js';
import {
  COMPANY_FORMS,
  COMPANY_HEADS,
  COMPANY_WORDS,
  CONDICIONES,
  ESTADOS,
  GIVEN_NAMES,
  INVENTED,
  mix,
  skewed,
  STREET_TYPES,
  SURNAMES,
  UBIGEOS,
  uniform,
  ZONE_CODES,
} from './words.js';

/**
 * The lines of a generated "padrón reducido del RUC", in SUNAT's published layout: one header, then
 * one pipe-separated line per taxpayer with a trailing pipe, empty parts written `-`, RUCs in no
 * particular order. Row i is a pure function of i, so any size streams without being held in memory;
 * the fixtures' RUCs sit at fixed places and a few malformed lines are mixed in, as in real files.
 */

/** SUNAT's header line (15 names, trailing pipe), as published. */
export const PADRON_HEADER =
  'RUC|NOMBRE O RAZÓN SOCIAL|ESTADO DEL CONTRIBUYENTE|CONDICIÓN DE DOMICILIO|UBIGEO|TIPO DE VÍA|' +
  'NOMBRE DE VÍA|CÓDIGO DE ZONA|TIPO DE ZONA|NÚMERO|INTERIOR|LOTE|DEPARTAMENTO|MANZANA|KILÓMETRO|';

/** The 13 address-and-place parts after RUC and name, in file order. */
interface Parts {
  estado: string;
  condicion: string;
  ubigeo: string;
  tipoVia: string;
  nombreVia: string;
  codigoZona: string;
  tipoZona: string;
  numero: string;
  interior: string;
  lote: string;
  departamento: string;
  manzana: string;
  kilometro: string;
}

const STREET_MARKERS: Readonly<Record<string, keyof Parts>> = {
  'NRO.': 'numero',
  'KM.': 'kilometro',
  'MZA.': 'manzana',
  LOTE: 'lote',
  'DPTO.': 'departamento',
  'INT.': 'interior',
};
const ZONES = new Set(['URB.', 'P.J.', 'A.H.', 'ASOC.', 'C.P.', 'Z.I.']);
const VIAS = new Set(['AV.', 'JR.', 'CAL.', 'CAR.', 'PSJE.', 'PJ.']);

/**
 * Splits a fixture's one-line address ("AV. X NRO. 12 URB. Y") into the register's parts; the
 * tests check that the mirror puts it back together unchanged.
 */
function splitAddress(
  direccion: string,
): Pick<Parts, Exclude<keyof Parts, 'estado' | 'condicion' | 'ubigeo'>> {
  const parts = {
    tipoVia: '-',
    nombreVia: '-',
    codigoZona: '-',
    tipoZona: '-',
    numero: '-',
    interior: '-',
    lote: '-',
    departamento: '-',
    manzana: '-',
    kilometro: '-',
  };
  const words = direccion.split(' ');
  let i = 0;
  if (VIAS.has(words[0] ?? '')) {
    parts.tipoVia = words[0] as string;
    const name: string[] = [];
    for (
      i = 1;
      i < words.length && !STREET_MARKERS[words[i] as string] && !ZONES.has(words[i] as string);
      i++
    ) {
      name.push(words[i] as string);
    }
    parts.nombreVia = name.join(' ');
  }
  while (i < words.length) {
    const word = words[i] as string;
    const marker = STREET_MARKERS[word];
    if (marker) {
      (parts as Record<string, string>)[marker] = words[i + 1] ?? '-';
      i += 2;
    } else if (ZONES.has(word)) {
      parts.codigoZona = word;
      parts.tipoZona = words.slice(i + 1).join(' ');
      break;
    } else {
      i += 1;
    }
  }
  return parts;
}

/** The register's line of an API record (its estado, condición, ubigeo and address split into parts). */
function taxpayerLine(t: Taxpayer): string {
  return line(t.ruc, t.nombre_o_razon_social, {
    estado: t.estado,
    condicion: t.condicion,
    ubigeo: t.ubigeo_taxauth,
    ...splitAddress(t.direccion),
  });
}

const FIXTURE_LINES: readonly string[] = Object.values(taxpayers).map(taxpayerLine);
const FIXTURE_RUCS = new Set(Object.keys(taxpayers));

/** The largest register the generator makes (more than SUNAT's 18 million). */
export const MAX_ROWS = 20_000_000;

function line(ruc: string, name: string, p: Parts): string {
  return (
    `${ruc}|${name}|${p.estado}|${p.condicion}|${p.ubigeo}|${p.tipoVia}|${p.nombreVia}|${p.codigoZona}|` +
    `${p.tipoZona}|${p.numero}|${p.interior}|${p.lote}|${p.departamento}|${p.manzana}|${p.kilometro}|`
  );
}

/**
 * Invented RUC number i (i below 20,000,001 + a few): unique per i, as the multiplier is prime to
 * 10^8 (a bijection of the 8 digits), scattered like the real file's order, with its check digit.
 */
function rucOf(i: number): string {
  const kind = mix(i, 1) % 20;
  const prefix = kind < 11 ? '10' : kind < 19 ? '20' : '15';
  const body = String((i * 73_176_001 + 12_345) % 100_000_000).padStart(8, '0');
  const first10 = `${prefix}${body}`;
  const ruc = `${first10}${rucCheckDigit(first10)}`;
  if (!FIXTURE_RUCS.has(ruc)) return ruc;
  const other = `17${body}`;
  return `${other}${rucCheckDigit(other)}`;
}

function nameOf(i: number, ruc: string): string {
  const h = (salt: number) => mix(i, salt);
  if (ruc.startsWith('10')) {
    const second = h(13) % 3 === 0 ? ` ${skewed(GIVEN_NAMES, h(14))}` : '';
    return `${skewed(SURNAMES, h(10))} ${skewed(SURNAMES, h(11))} ${skewed(GIVEN_NAMES, h(12))}${second}`;
  }
  const extra = h(23) % 4 === 0 ? ` ${uniform(COMPANY_WORDS, h(24))}` : ` ${uniform(INVENTED, h(24))}`;
  return `${skewed(COMPANY_HEADS, h(20))} ${uniform(INVENTED, h(21))}${extra} ${skewed(COMPANY_FORMS, h(22))}`;
}

function partsOf(i: number): Parts {
  const h = (salt: number) => mix(i, salt);
  const tipoVia = uniform(STREET_TYPES, h(31));
  const codigoZona = uniform(ZONE_CODES, h(33));
  const rare = (salt: number, value: string) => (h(salt) % 12 === 0 ? value : '-');
  return {
    estado: skewed(ESTADOS, h(2)),
    condicion: skewed(CONDICIONES, h(3)),
    ubigeo: skewed(UBIGEOS, h(4)),
    tipoVia,
    nombreVia: tipoVia === '-' ? '-' : `${h(32) % 5 === 0 ? 'LOS ' : ''}${uniform(INVENTED, h(32))}`,
    codigoZona,
    tipoZona: codigoZona === '-' ? '-' : uniform(INVENTED, h(34)),
    numero: h(35) % 4 === 0 ? '-' : String(1 + (h(36) % 3000)),
    interior: rare(37, String(1 + (h(38) % 20))),
    lote: rare(39, String(1 + (h(40) % 40))),
    departamento: rare(41, String(100 + (h(42) % 900))),
    manzana: rare(43, uniform(['A', 'B', 'C', 'D', 'E', 'F'], h(44))),
    kilometro: tipoVia === 'CAR.' ? `${1 + (h(45) % 900)}.5` : '-',
  };
}

/** Data line i of the generated register (i from 0). */
export function padronLine(i: number): string {
  const ruc = rucOf(i);
  return line(ruc, nameOf(i, ruc), partsOf(i));
}

/** The malformed lines a real file may carry: a short RUC, a cut line, a name with a pipe. */
function malformedLine(k: number): string {
  const ruc = rucOf(MAX_ROWS + k);
  switch (k % 3) {
    case 0:
      return `${ruc.slice(0, 10)}|EMPRESA SIN DIGITO ${k} S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`;
    case 1:
      return `${ruc}|LINEA CORTADA ${k}|ACTIVO`;
    default:
      return `${ruc}|EMPRESA ${k}|CON BARRA S.A.C.|ACTIVO|HABIDO|150101|-|-|-|-|-|-|-|-|-|-|`;
  }
}

/** How many malformed lines a file of `rows` good rows carries (3 at least, then one per 500,000). */
function malformedCount(rows: number): number {
  return 3 + Math.floor(rows / 500_000);
}

/**
 * Every line after the header: `rows` good rows (the fixtures' among them, spread over the file)
 * plus `malformedCount(rows)` malformed ones. Generated lazily, in order. `changed` (the sandbox's
 * overridden taxpayers) take their fixture's place, or come last when the fixtures lack them.
 */
export function* padronLines(rows: number, changed: readonly Taxpayer[] = []): Generator<string> {
  const replaced = new Map(changed.map((t) => [t.ruc, taxpayerLine(t)]));
  const fixtures = Math.min(FIXTURE_LINES.length, rows);
  const bad = malformedCount(rows);
  const fixtureAt = new Map<number, string>();
  for (let f = 0; f < fixtures; f++) {
    fixtureAt.set(Math.floor(((f + 1) * rows) / (fixtures + 1)), FIXTURE_LINES[f] as string);
  }
  const badAt = new Map<number, number>();
  for (let k = 0; k < bad; k++) badAt.set(Math.floor(((k + 0.5) * rows) / bad), k);
  for (let i = 0; i < rows; i++) {
    const k = badAt.get(i);
    if (k !== undefined) yield malformedLine(k);
    const fixture = fixtureAt.get(i);
    const ruc = fixture?.slice(0, 11);
    const change = ruc === undefined ? undefined : replaced.get(ruc);
    if (ruc !== undefined) replaced.delete(ruc);
    yield change ?? fixture ?? padronLine(i);
  }
  yield* replaced.values();
}
