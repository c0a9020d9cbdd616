import type { CoerciveDebt, Taxpayer } from '../lookup/schemas/index.js';
import { RUC_PATTERN, stringField } from './routes/context.js';
import { ok, type Reply } from './routes/envelope.js';
import { coerciveDebts, taxpayers } from './fixtures/index.js';

/** Path of the sandbox-only admin route that changes a taxpayer (never part of the real API). */
export const OVERRIDE_PATH = '/__sandbox/taxpayer';

/** A body for the admin route / `SandboxHandle.setTaxpayer`: fields to change, or the debt list. */
export interface TaxpayerOverride {
  ruc: string;
  taxpayer?: Partial<Taxpayer>;
  coerciveDebt?: CoerciveDebt[];
}

/** An invented record for a RUC the fixtures do not have (benchmarks, watch tests). */
function blankTaxpayer(ruc: string): Taxpayer {
  return {
    ruc,
    nombre_o_razon_social: `EMPRESA DE PRUEBA ${ruc.slice(2, 10)} S.A.C.`,
    estado: 'ACTIVO',
    condicion: 'HABIDO',
    departamento: 'LIMA',
    provincia: 'LIMA',
    distrito: 'MIRAFLORES',
    direccion: 'AV. DE PRUEBA NRO. 100',
    direccion_completa: 'AV. DE PRUEBA NRO. 100 LIMA - LIMA - MIRAFLORES',
    ubigeo_taxauth: '150122',
    ubigeo: ['15', '1501', '150122'],
    es_agente_de_retencion: 'NO',
    es_agente_de_percepcion: 'NO',
    es_agente_de_percepcion_combustible: 'NO',
    es_buen_contribuyente: 'NO',
  };
}

/**
 * Per-RUC changes to the fixtures, set in-process (tests) or through the admin route (the
 * `chasqui sandbox` CLI), so a watched supplier can "become NO HABIDO" overnight. /ruc and
 * /ruc/deuda-coactiva read them, and the generated padrón lists the changed taxpayers as changed.
 */
export class TaxpayerOverrides {
  private readonly taxpayers = new Map<string, Taxpayer>();
  private readonly debts = new Map<string, CoerciveDebt[]>();
  /** Grows with every change: the generated padrón's ETag carries it (a changed register is a new file). */
  version = 0;

  /** The changed taxpayers, as the sandbox's padrón lists them (SUNAT's register and its API agree). */
  records(): Taxpayer[] {
    return [...this.taxpayers.values()];
  }

  set(change: TaxpayerOverride): void {
    this.version += 1;
    if (change.taxpayer) {
      const base = this.taxpayers.get(change.ruc) ?? taxpayers[change.ruc] ?? blankTaxpayer(change.ruc);
      this.taxpayers.set(change.ruc, { ...base, ...change.taxpayer, ruc: change.ruc });
      if (!this.debts.has(change.ruc) && !coerciveDebts[change.ruc]) this.debts.set(change.ruc, []);
    }
    if (change.coerciveDebt) this.debts.set(change.ruc, change.coerciveDebt);
  }

  clear(): void {
    this.version += 1;
    this.taxpayers.clear();
    this.debts.clear();
  }

  /** The overriding reply for a request, or undefined to answer from the fixtures. */
  reply(relative: string, body: Record<string, unknown>): Reply | undefined {
    const ruc = stringField(body, 'ruc')?.trim();
    if (ruc === undefined || !RUC_PATTERN.test(ruc)) return undefined;
    if (relative === '/ruc') {
      const taxpayer = this.taxpayers.get(ruc);
      return taxpayer ? ok(taxpayer) : undefined;
    }
    if (relative === '/ruc/deuda-coactiva') {
      const debts = this.debts.get(ruc);
      return debts ? ok(debts) : undefined;
    }
    return undefined;
  }
}

/** Validates an admin-route body; undefined when it is not a usable override. */
export function parseOverride(body: unknown): TaxpayerOverride | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const ruc = stringField(record, 'ruc');
  if (ruc === undefined || !RUC_PATTERN.test(ruc)) return undefined;
  const change: TaxpayerOverride = { ruc };
  if (typeof record.taxpayer === 'object' && record.taxpayer !== null)
    change.taxpayer = record.taxpayer as Partial<Taxpayer>;
  if (Array.isArray(record.coerciveDebt)) change.coerciveDebt = record.coerciveDebt as CoerciveDebt[];
  return change.taxpayer || change.coerciveDebt ? change : undefined;
}
