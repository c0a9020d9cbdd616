import { dniRuc, foreignPersons, licences, persons } from '../fixtures/index.js';
import { DNI_PATTERN, type Handler, stringField } from './context.js';
import { BAD_REQUEST, fail, MESSAGES, type Reply, replyMap, STATUS } from './envelope.js';

const personReplies = replyMap(persons);
const DNI_NOT_FOUND = fail(MESSAGES.dniNotFound, STATUS.notFound);

/** 1 POST /dni */
export const dni: Handler = ({ body }) => {
  const value = stringField(body, 'dni');
  if (value === undefined || !DNI_PATTERN.test(value)) return BAD_REQUEST;
  return personReplies.get(value) ?? DNI_NOT_FOUND;
};

const hasRucReplies = replyMap(dniRuc, MESSAGES.dniHasRuc);
// An answer, not an error: 200 with success false (spec Part 7).
const HAS_NO_RUC = fail(MESSAGES.dniHasNoRuc, STATUS.ok);

/** 2 POST /dni-ruc */
export const dniRucHandler: Handler = ({ body }) => {
  const value = stringField(body, 'dni');
  if (value === undefined || !DNI_PATTERN.test(value)) return BAD_REQUEST;
  return hasRucReplies.get(value) ?? HAS_NO_RUC;
};

/** 3–5 POST /ce, /cee, /ci: the body field is named like the path. */
export function foreign(kind: 'ce' | 'cee' | 'ci'): Handler {
  const replies = replyMap(foreignPersons[kind]);
  return ({ body }) => {
    const value = stringField(body, kind)?.trim().toUpperCase();
    if (!value) return BAD_REQUEST;
    return replies.get(value) ?? BAD_REQUEST;
  };
}

// Spec 4.3 rule 2: the licence success reply has message and data but no `success` field.
const licenceReplies: ReadonlyMap<string, Reply> = new Map(
  Object.entries(licences).map(([key, data]) => [
    key,
    { status: STATUS.ok, body: JSON.stringify({ message: MESSAGES.okLicence, data }) },
  ]),
);

/** 12 POST /licencia */
export const licence: Handler = ({ body }) => {
  const value = stringField(body, 'dni');
  if (value === undefined || !DNI_PATTERN.test(value)) return BAD_REQUEST;
  return licenceReplies.get(value) ?? BAD_REQUEST;
};
