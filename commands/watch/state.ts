import type { CoerciveDebt, Taxpayer } from '../../src/lookup/schemas/index.js';
import type { PadronTaxpayer } from '../../src/padron/port.js';
import { toNumber } from '../../src/render/format.js';

/**
 * What the watch list follows of a taxpayer (the list), as last observed. Name, estado and
 * condición come from the padrón mirror when it lists the RUC, else from the paid `ruc` lookup,
 * which alone has the agent flags and good-taxpayer status: those are absent until first looked up.
 */
export interface WatchState {
  name: string;
  estado: string;
  condicion: string;
  retencion?: string;
  percepcion?: string;
  percepcionCombustible?: string;
  buenContribuyente?: string;
  /** Lima date the flags above were last looked up (absent in snapshots older than issue 23). */
  flagsDate?: string;
  /** Coercive debt (soles) and its entries' identities; absent until first checked. */
  debtTotal?: number;
  debtEntries?: string[];
}

/** A field that changed, before → after; the template names the field in Spanish. */
export interface WatchChange {
  campo:
    | 'estado'
    | 'condicion'
    | 'retencion'
    | 'percepcion'
    | 'percepcion_combustible'
    | 'buen_contribuyente'
    | 'deuda'
    | 'deudas_nuevas';
  antes: string | number;
  despues: string | number;
}

const entryKey = (debt: CoerciveDebt) =>
  [debt.periodo_tibutario, debt.fecha_inicio_cobranza, debt.entidad_asociada, debt.monto].join('|');

/** What one check saw: the paid record and/or the mirror's row (estado and condición from it when present). */
export interface Observation {
  taxpayer?: Taxpayer;
  register?: PadronTaxpayer;
  /** Lima date of the check (stamps the flags when `taxpayer` is there). */
  date?: string;
}

/** SUNAT's register cuts estado and condición at 20 characters ("NO HALLADO SE MUDO D"). */
const REGISTER_CUT = 20;
const norm = (value: string | undefined) => (value ?? '').trim().toUpperCase();

/** Two readings of one value, the register's cut text matching the API's full one. */
function sameValue(a: string | undefined, b: string | undefined): boolean {
  const [x, y] = [norm(a), norm(b)];
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.length >= REGISTER_CUT && long.startsWith(short);
}

/** The register's reading, or the previous fuller text it is a cut of (the group keeps the whole words). */
function registerValue(value: string | null, previous: string | undefined): string {
  if (value === null) return previous ?? '';
  return previous !== undefined && sameValue(value, previous) && previous.length > value.length
    ? previous
    : value;
}

/**
 * The state of a fresh observation. Name, estado and condición from the mirror's row when there is
 * one, else from the paid record; the flags from the paid record, else the previous ones; without
 * `debts` (debt not checked today) the previous debt stays.
 */
export function stateOf(
  seen: Observation,
  debts: CoerciveDebt[] | undefined,
  previous?: WatchState,
): WatchState {
  const { taxpayer, register } = seen;
  const state: WatchState = register
    ? {
        name: register.name,
        estado: registerValue(register.estado, previous?.estado),
        condicion: registerValue(register.condicion, previous?.condicion),
      }
    : {
        name: taxpayer?.nombre_o_razon_social ?? previous?.name ?? '',
        estado: taxpayer?.estado ?? previous?.estado ?? '',
        condicion: taxpayer?.condicion ?? previous?.condicion ?? '',
      };
  if (taxpayer) {
    state.retencion = taxpayer.es_agente_de_retencion;
    state.percepcion = taxpayer.es_agente_de_percepcion;
    state.percepcionCombustible = taxpayer.es_agente_de_percepcion_combustible;
    state.buenContribuyente = taxpayer.es_buen_contribuyente;
    if (seen.date) state.flagsDate = seen.date;
  } else if (previous) {
    for (const key of [
      'retencion',
      'percepcion',
      'percepcionCombustible',
      'buenContribuyente',
      'flagsDate',
    ] as const) {
      const value = previous[key];
      if (value !== undefined) state[key] = value;
    }
  }
  if (debts) {
    state.debtTotal = Math.round(debts.reduce((sum, d) => sum + (toNumber(d.monto) ?? 0), 0) * 100) / 100;
    state.debtEntries = debts.map(entryKey).sort();
  } else if (previous?.debtTotal !== undefined) {
    state.debtTotal = previous.debtTotal;
    state.debtEntries = previous.debtEntries ?? [];
  }
  return state;
}

const FLAGS = [
  ['estado', 'estado'],
  ['condicion', 'condicion'],
  ['retencion', 'retencion'],
  ['percepcion', 'percepcion'],
  ['percepcion_combustible', 'percepcionCombustible'],
  ['buen_contribuyente', 'buenContribuyente'],
] as const;

/**
 * Changes from `before` to `after`; a debt or a flag never looked up on one side is not a change,
 * nor the register's 20-character cut of the API's text.
 */
export function diffStates(before: WatchState, after: WatchState): WatchChange[] {
  const changes: WatchChange[] = [];
  for (const [campo, key] of FLAGS) {
    const [was, is] = [before[key], after[key]];
    if (was === undefined || is === undefined) continue;
    if (!sameValue(was, is)) changes.push({ campo, antes: was, despues: is });
  }
  if (before.debtTotal !== undefined && after.debtTotal !== undefined) {
    if (before.debtTotal !== after.debtTotal) {
      changes.push({ campo: 'deuda', antes: before.debtTotal, despues: after.debtTotal });
    }
    const known = new Set(before.debtEntries ?? []);
    const added = (after.debtEntries ?? []).filter((entry) => !known.has(entry)).length;
    if (added > 0) changes.push({ campo: 'deudas_nuevas', antes: known.size, despues: added });
  }
  return changes;
}
