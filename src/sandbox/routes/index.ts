import { groups } from '../fixtures/index.js';
import type { Handler } from './context.js';
import { guideJson, guideXml, invoicePdf, invoiceXml } from './documents.js';
import { ok } from './envelope.js';
import { exchangeRate, pensionRates, vehicle } from './misc.js';
import { dni, dniRucHandler, foreign, licence } from './persons.js';
import {
  coerciveDebtHandler,
  establishmentsHandler,
  fiscalAddress,
  ruc,
  searchCompany,
  workersHandler,
} from './taxpayers.js';

export type { Handler, RouteContext } from './context.js';
export * from './envelope.js';

/** The 17 POST operations, by path relative to the api prefix (spec Part 4). */
export const postRoutes: ReadonlyMap<string, Handler> = new Map([
  ['/dni', dni],
  ['/dni-ruc', dniRucHandler],
  ['/ce', foreign('ce')],
  ['/cee', foreign('cee')],
  ['/ci', foreign('ci')],
  ['/ruc', ruc],
  ['/ruc/domicilio-fiscal', fiscalAddress],
  ['/ruc/establecimientos', establishmentsHandler],
  ['/ruc/trabajadores', workersHandler],
  ['/ruc/deuda-coactiva', coerciveDebtHandler],
  ['/ruc/razon_social', searchCompany],
  ['/licencia', licence],
  ['/placa', vehicle],
  ['/tipo_de_cambio', exchangeRate],
  ['/comisiones-afp', pensionRates],
  ['/taxauth/xml', invoiceXml],
  ['/taxauth/pdf', invoicePdf],
]);

/** GET operations 18 and 19: a fixed prefix followed by one path segment. */
export const getPrefixRoutes: readonly (readonly [string, Handler])[] = [
  ['/taxauth/guia/xml/', guideXml],
  ['/taxauth/guia/json/', guideJson],
];

const groupsReply = ok({ data: groups });

/** Operation 20 on the messaging host (path relative to the origin). */
export const groupsRoute: Handler = () => groupsReply;
export const GROUPS_PATH = '/group/all';
