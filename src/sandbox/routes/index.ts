import { OPERATION_NAMES, OPERATIONS, type Operation, type OperationName } from '../../lookup/operations.js';
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

const groupsReply = ok({ data: groups });

/** The sandbox's handler of each operation; its method and path come from the operation table. */
const HANDLERS: Readonly<Record<OperationName, Handler>> = {
  dni,
  dniRuc: dniRucHandler,
  ce: foreign('ce'),
  cee: foreign('cee'),
  ci: foreign('ci'),
  ruc,
  fiscalAddress,
  establishments: establishmentsHandler,
  workers: workersHandler,
  coerciveDebt: coerciveDebtHandler,
  searchCompany,
  licence,
  vehicle,
  exchangeRate,
  pensionRates,
  invoiceXml,
  invoicePdf,
  guideXml,
  guide: guideJson,
  groups: () => groupsReply,
};

const routes = (pick: (operation: Operation) => boolean) =>
  OPERATION_NAMES.map((name) => OPERATIONS[name])
    .filter(pick)
    .map((operation) => [operation.path, HANDLERS[operation.name]] as const);

/** The POST operations (17 in the spec), by path relative to the api prefix (spec Part 4). */
export const postRoutes: ReadonlyMap<string, Handler> = new Map(routes((o) => o.method === 'POST'));

/** GET operations 18 and 19: a fixed prefix followed by one path segment. */
export const getPrefixRoutes: readonly (readonly [string, Handler])[] = routes(
  (o) => o.method === 'GET' && o.segment !== undefined,
);

/** Operation 20 on the messaging host (path relative to the origin). */
export const groupsRoute: Handler = HANDLERS.groups;
export const GROUPS_PATH = OPERATIONS.groups.path;
