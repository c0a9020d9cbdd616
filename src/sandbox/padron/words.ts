/**
 * Word pools of the generated padrón: invented names built from syllables plus a few common
 * Peruvian surnames and company words, so a name search over millions of rows meets both rare and
 * very common words, as in the real register. Fictional data only.
 */

/** A deterministic 32-bit hash of a row index and a salt (splitmix-style finaliser). */
export function mix(index: number, salt: number): number {
  let x = (Math.imul(index, 0x9e3779b1) + Math.imul(salt + 1, 0x85ebca6b)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Picks from a list, skewed towards its head (squared uniform: the first items are common). */
export function skewed(list: readonly string[], hash: number): string {
  const u = hash / 0x1_0000_0000;
  return list[Math.floor(u * u * list.length)] ?? '';
}

/** Picks uniformly from a list. */
export function uniform(list: readonly string[], hash: number): string {
  return list[hash % list.length] ?? '';
}

/** A pool written as one '|'-separated string, so the lists stay short to read. */
const pool = (text: string): readonly string[] => text.split('|');

const SYLLABLES = pool(
  'KA|LLA|PA|QU|RI|SU|MA|TI|NA|WA|YA|CHA|RO|LU|TA|MI|KU|SA|PI|RA|NU|HUA|YU|TO|LI|CO|ME|DA',
);

/** 6,000 invented words (2–4 syllables): the pool of company, street and zone names. */
export const INVENTED: readonly string[] = Array.from({ length: 6_000 }, (_, k) => {
  let hash = mix(k, 7);
  const count = 2 + (hash % 3);
  let word = '';
  for (let s = 0; s < count; s++) {
    hash = mix(hash, s);
    word += uniform(SYLLABLES, hash);
  }
  return word;
});

export const SURNAMES = pool(
  'QUISPE|FLORES|SANCHEZ|RODRIGUEZ|GARCIA|ROJAS|MAMANI|HUAMAN|CHAVEZ|TORRES|RAMOS|VASQUEZ|MENDOZA|' +
    'CASTILLO|DIAZ|LOPEZ|GONZALES|CRUZ|ESPINOZA|GUTIERREZ|PEREZ|RAMIREZ|CONDORI|MORALES|VARGAS|SALAZAR|' +
    'REYES|CASTRO|HERRERA|MEDINA|AGUILAR|CORDOVA|VILCA|CAMPOS|VEGA|RIOS|PAREDES|NUÑEZ|PEÑA|MUÑOZ|ACUÑA|' +
    'CASTAÑEDA|IBAÑEZ|CCAHUANA|HUAMANI|TICONA|APAZA|CUSI|LLANOS|SOTO|ZAPATA|CALDERON|ORTIZ|SALAS|LEON',
);

export const GIVEN_NAMES = pool(
  'JUAN|MARIA|JOSE|LUIS|ROSA|CARLOS|ANA|JORGE|CARMEN|VICTOR|ELENA|MIGUEL|JULIA|PEDRO|LUZ|CESAR|' +
    'ROSARIO|ALBERTO|MARTHA|JESUS|SONIA|RAUL|GLADYS|EDWIN|NANCY|WILBER|YOLANDA|HUGO|ELIZABETH|FREDY|' +
    'NELLY|ÁNGEL|RAMÓN|INÉS|NOEMÍ|SEBASTIÁN|ALEXANDER|MILAGROS|ROCIO|DAVID',
);

export const COMPANY_HEADS = pool(
  'TRANSPORTES|COMERCIAL|INVERSIONES|CORPORACION|SERVICIOS GENERALES|CONSTRUCTORA|DISTRIBUIDORA|' +
    'NEGOCIACIONES|IMPORTACIONES|AGROINDUSTRIAS|CONSULTORA|INMOBILIARIA|GRUPO|EMPRESA DE TRANSPORTES|' +
    'MINERA|TEXTIL|FERRETERIA|MULTISERVICIOS|LOGISTICA|REPRESENTACIONES|INDUSTRIAS|CONSORCIO',
);

export const COMPANY_WORDS = pool(
  'ANDINO|DEL SUR|DEL NORTE|PACIFICO|DEL PERÚ|SAN MARTIN|LOS ANDES|AMAZONICA|SANTA ROSA|EL SOL|' +
    'INTEGRALES|GENERALES|UNIDOS|HERMANOS|Y ASOCIADOS',
);

export const COMPANY_FORMS = pool('S.A.C.|E.I.R.L.|S.R.L.|S.A.|SOCIEDAD ANONIMA CERRADA|S.A.A.|SAC|EIRL');

/** Estado values as the register writes them: at most 20 characters, cut like the real file. */
export const ESTADOS = pool(
  'ACTIVO|ACTIVO|ACTIVO|ACTIVO|ACTIVO|BAJA DEFINITIVA|BAJA DEFINITIVA|BAJA DEFINITIVA|BAJA DE OFICIO|' +
    'SUSPENSION TEMPORAL|BAJA PROVISIONAL|BAJA MULT.INSCR. Y O',
);

export const CONDICIONES = pool(
  'HABIDO|HABIDO|HABIDO|HABIDO|HABIDO|HABIDO|HABIDO|HABIDO|NO HABIDO|NO HALLADO SE MUDO D|NO HALLADO|' +
    'PENDIENTE|NO HALLADO NO EXISTE',
);

/** Public geographic codes (INEI ubigeo), not personal data. */
export const UBIGEOS = pool(
  '150101|150115|150122|150131|150132|150135|150136|150140|150141|070101|040101|040104|040110|080101|' +
    '080108|130101|120114|120101|200101|210101|140101|100101|110101|250101|220901|060101|020101',
);

export const STREET_TYPES = pool('AV.|JR.|CAL.|PSJE.|CAR.|PJ.|-|-');
export const ZONE_CODES = pool('URB.|P.J.|A.H.|ASOC.|C.P.|Z.I.|-|-|-|----');
