import type { CoerciveDebt, Taxpayer } from '../../src/lookup/schemas/index.js';
import { toNumber } from '../../src/render/format.js';

/** What the watch list follows of a taxpayer (the list), as last observed. */
export interface WatchState {
  name: string;
  estado: string;
  condicion: string;
  retencion: string;
  percepcion: string;
  percepcionCombustible: string;
  buenContribuyente: string;
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

/** The state of a fresh observation; without `debts` (debt not checked today) the previous debt stays. */
export function stateOf(
  taxpayer: Taxpayer,
  debts: CoerciveDebt[] | undefined,
  previous?: WatchState,
): WatchState {
  const state: WatchState = {
    name: taxpayer.nombre_o_razon_social,
    estado: taxpayer.estado,
    condicion: taxpayer.condicion,
    retencion: taxpayer.es_agente_de_retencion,
    percepcion: taxpayer.es_agente_de_percepcion,
    percepcionCombustible: taxpayer.es_agente_de_percepcion_combustible,
    buenContribuyente: taxpayer.es_buen_contribuyente,
  };
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

/** Changes from `before` to `after`; a debt never checked on one side is not a change. */
export function diffStates(before: WatchState, after: WatchState): WatchChange[] {
  const changes: WatchChange[] = [];
  for (const [campo, key] of FLAGS) {
    if (before[key].trim().toUpperCase() !== after[key].trim().toUpperCase()) {
      changes.push({ campo, antes: before[key], despues: after[key] });
    }
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
