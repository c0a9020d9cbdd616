import {
  coerciveDebts,
  companyIndex,
  establishments,
  fiscalAddresses,
  taxpayers,
  workers,
} from '../fixtures/index.js';
import { fold } from '../../text/fold.js';
import { type Handler, RUC_PATTERN, stringField } from './context.js';
import { BAD_REQUEST, fail, MESSAGES, ok, type Reply, replyMap, STATUS } from './envelope.js';

const RUC_NOT_FOUND = fail(MESSAGES.rucNotFound, STATUS.notFound);
const NO_RESULTS = fail(MESSAGES.noResults, STATUS.notFound);

/**
 * A RUC route over one fixture map. A malformed RUC is a Bad Request; a well-formed but unknown
 * one answers `unknown` ("No se encontró RUC" where the spec lists it, Bad Request elsewhere).
 */
function rucRoute(record: Readonly<Record<string, unknown>>, unknown: Reply): Handler {
  const replies = replyMap(record);
  return ({ body }) => {
    const value = stringField(body, 'ruc')?.trim();
    if (value === undefined || !RUC_PATTERN.test(value)) return BAD_REQUEST;
    return replies.get(value) ?? unknown;
  };
}

/** 6 POST /ruc */
export const ruc = rucRoute(taxpayers, RUC_NOT_FOUND);
/** 7 POST /ruc/domicilio-fiscal */
export const fiscalAddress = rucRoute(fiscalAddresses, RUC_NOT_FOUND);
/** 8 POST /ruc/establecimientos */
export const establishmentsHandler = rucRoute(establishments, RUC_NOT_FOUND);
/** 9 POST /ruc/trabajadores */
export const workersHandler = rucRoute(workers, BAD_REQUEST);
/** 10 POST /ruc/deuda-coactiva */
export const coerciveDebtHandler = rucRoute(coerciveDebts, BAD_REQUEST);

const foldedIndex = companyIndex.map((hit) => ({ key: fold(hit.nombre_o_razon_social), hit }));

/** 11 POST /ruc/razon_social: case- and accent-insensitive substring search over company names. */
export const searchCompany: Handler = ({ body }) => {
  const text = stringField(body, 'razon_social');
  if (text === undefined) return BAD_REQUEST;
  const needle = fold(text);
  if (needle.length === 0) return BAD_REQUEST;
  const hits = foldedIndex.filter((entry) => entry.key.includes(needle)).map((entry) => entry.hit);
  return hits.length > 0 ? ok(hits) : NO_RESULTS;
};
