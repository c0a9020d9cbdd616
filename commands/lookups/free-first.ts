import { BudgetExceededError } from '../../src/budget/errors.js';
import { classify } from '../../src/bot/classify.js';
import type { CommandContext } from '../../src/bot/command.js';
import { FREE_SOURCES } from '../../src/bot/ports.js';
import { LookupError, LookupNotFoundError, LookupRejectedError } from '../../src/lookup/errors.js';
import type { OperationName, OperationResult } from '../../src/lookup/operations.js';
import type { CompanyHit, FiscalAddress, Taxpayer } from '../../src/lookup/schemas/index.js';
import type { PadronTaxpayer } from '../../src/padron/port.js';
import { holidaySet } from '../../src/time/lima.js';

/**
 * The free official sources in front of (or behind) the paid lookup, per operation (issue 23):
 *
 * - `searchCompany`: the padrón mirror's name index first (a fresh edition), the paid search when
 *   there is none or it has no hit;
 * - `exchangeRate`: BCRP's SBS close first (SUNAT's rate of the day), the paid lookup when BCRP has
 *   no value for it;
 * - `ruc`, `fiscalAddress`: the paid lookup first; when it fails (down, timeout, credits) or the
 *   budget refuses it, the mirror's row of any edition, marked with its date. The failure is still
 *   logged as the router logs it (alerts included).
 *
 * Each free answer is counted with `saved` (the usage log, `uso`). Reply data the source adds
 * (`padron`: the edition's date, `cierre_sbs`: the SBS close) go into the reply beside the answer.
 */

/** An answer and what its source adds to the reply. */
export interface Answered<N extends OperationName> {
  found: OperationResult<N>;
  note?: Record<string, unknown>;
}

type Strategy<N extends OperationName> = (
  ctx: CommandContext<unknown>,
  value: string,
  paid: () => Promise<OperationResult<N>>,
) => Promise<Answered<N>>;

/** A mirror row as the paid `searchCompany` hit (the register has no `ubicacion`). */
function hitOf(row: PadronTaxpayer): CompanyHit {
  return { ruc: row.ruc, nombre_o_razon_social: row.name, estado: row.estado ?? '', ubicacion: '' };
}

/** A mirror row as the paid `ruc` answer: what the register lacks (flags, place names) stays empty. */
function taxpayerOf(row: PadronTaxpayer): Taxpayer {
  return {
    ruc: row.ruc,
    nombre_o_razon_social: row.name,
    estado: row.estado ?? '',
    condicion: row.condicion ?? '',
    departamento: '',
    provincia: '',
    distrito: '',
    direccion: row.address ?? '',
    direccion_completa: '',
    ubigeo_taxauth: row.ubigeo ?? '',
    ubigeo: ['', '', ''],
    es_agente_de_retencion: '',
    es_agente_de_percepcion: '',
    es_agente_de_percepcion_combustible: '',
    es_buen_contribuyente: '',
  };
}

/** A mirror row as the paid `fiscalAddress` answer (no type of establishment nor activity). */
function fiscalAddressOf(row: PadronTaxpayer): FiscalAddress {
  return {
    codigo: '',
    actividad_economica: '',
    direccion: row.address ?? '',
    direccion_completa: '',
    departamento: '',
    provincia: '',
    distrito: '',
    ubigeo_taxauth: row.ubigeo ?? '',
    ubigeo: ['', '', ''],
    tipo_de_establecimiento: '',
  };
}

const searchMirrorFirst: Strategy<'searchCompany'> = async (ctx, text, paid) => {
  const free = ctx.services.registry.get(FREE_SOURCES);
  const edition = free?.freshEdition();
  if (!free || !edition) return { found: await paid() };
  const max = ctx.services.settings.maxListItems;
  // One more than shown tells whether there are more, without counting them all.
  const rows = free.padron.searchName(text, max + 1);
  if (rows.length === 0) return { found: await paid() };
  free.saved(ctx.message.chatId, 'searchCompany');
  return {
    found: rows.slice(0, max).map(hitOf),
    note: { padron: edition.edition, ...(rows.length > max ? { hay_mas: true } : {}) },
  };
};

const officialRateFirst: Strategy<'exchangeRate'> = async (ctx, fecha, paid) => {
  const free = ctx.services.registry.get(FREE_SOURCES);
  const official = await free?.officialRate(fecha, holidaySet(ctx.services.settings.holidays));
  if (!free || !official) return { found: await paid() };
  free.saved(ctx.message.chatId, 'exchangeRate');
  return { found: official.rate, note: { cierre_sbs: official.close } };
};

/**
 * A failure the mirror may stand in for: the budget refused the call, or the API did not answer
 * (down, timeout, credits, token, changed shape). An answer of the API ("not found", a rejected
 * value) is never overridden by the mirror.
 */
function mirrorMayAnswer(error: unknown): boolean {
  if (error instanceof BudgetExceededError) return true;
  return (
    error instanceof LookupError &&
    !(error instanceof LookupNotFoundError) &&
    !(error instanceof LookupRejectedError)
  );
}

function mirrorOnFailure<N extends 'ruc' | 'fiscalAddress'>(
  operation: N,
  shape: (row: PadronTaxpayer) => OperationResult<N>,
): Strategy<N> {
  return async (ctx, ruc, paid) => {
    try {
      return { found: await paid() };
    } catch (error) {
      if (!mirrorMayAnswer(error)) throw error;
      const free = ctx.services.registry.get(FREE_SOURCES);
      const edition = free?.padron.edition();
      const row = edition ? free?.padron.lookupRuc(ruc) : undefined;
      if (!free || !edition || !row) throw error;
      // Logged as the router would have (level, message, alert), then answered from the mirror.
      const failure = classify(error);
      const alert = failure.alert ? { alert: failure.alert } : {};
      ctx.log[failure.level]({ ...failure.fields, ...alert, answeredFrom: 'padron' }, failure.message);
      free.saved(ctx.message.chatId, operation);
      const budget = error instanceof BudgetExceededError ? { por_presupuesto: true } : {};
      return { found: shape(row), note: { padron: edition.edition, ...budget } };
    }
  };
}

const STRATEGIES: { readonly [N in OperationName]?: Strategy<N> } = {
  searchCompany: searchMirrorFirst,
  exchangeRate: officialRateFirst,
  ruc: mirrorOnFailure('ruc', taxpayerOf),
  fiscalAddress: mirrorOnFailure('fiscalAddress', fiscalAddressOf),
};

/** The answer to `operation` for `value`: through its free source when it has one, else `paid()`. */
export async function freeFirst<N extends OperationName>(
  ctx: CommandContext<unknown>,
  operation: N,
  value: string,
  paid: () => Promise<OperationResult<N>>,
): Promise<Answered<N>> {
  const strategy = STRATEGIES[operation] as Strategy<N> | undefined;
  return strategy ? strategy(ctx, value, paid) : { found: await paid() };
}
