/**
 * The sandbox's replies as ready-to-send strings: the spec envelope (2.1), its fixed messages
 * (Part 7) and the HTTP statuses the sandbox chose where the spec is silent.
 */
export interface Reply {
  status: number;
  /** Serialised body; JSON unless `contentType` says otherwise. */
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Statuses chosen for outcomes the spec leaves open (documented in the README). */
export const STATUS = {
  ok: 200,
  /** "No se encontró DNI/RUC", "No se encontraron resultados". */
  notFound: 404,
  /** "Bad Request" (declared by the spec for the PDF operation; used for every Bad Request). */
  badRequest: 400,
  unauthorized: 401,
  credits: 403,
} as const;

export const MESSAGES = {
  ok: 'exito',
  okLicence: 'exito!',
  okGuide: 'Exito',
  dniNotFound: 'No se encontró DNI',
  rucNotFound: 'No se encontró RUC',
  noResults: 'No se encontraron resultados',
  dniHasRuc: 'El DNI si cuenta con RUC',
  dniHasNoRuc: 'El DNI no cuenta con RUC',
  badRequest: 'Bad Request',
  unauthorized: 'Unauthorized',
  credits: 'No cuenta con créditos suficientes en su plan',
} as const;

export function ok(data: unknown, message: string = MESSAGES.ok): Reply {
  return { status: STATUS.ok, body: JSON.stringify({ success: true, message, data }) };
}

export function fail(message: string, status: number): Reply {
  return { status, body: JSON.stringify({ success: false, message }) };
}

export const BAD_REQUEST = fail(MESSAGES.badRequest, STATUS.badRequest);
export const UNAUTHORIZED = fail(MESSAGES.unauthorized, STATUS.unauthorized);
export const CREDITS = fail(MESSAGES.credits, STATUS.credits);
export const ROUTE_NOT_FOUND = fail('Not Found', 404);

/** Precomputes one success reply per fixture key so hot paths only do a Map lookup. */
export function replyMap<T>(
  record: Readonly<Record<string, T>>,
  message: string = MESSAGES.ok,
): ReadonlyMap<string, Reply> {
  return new Map(Object.entries(record).map(([key, value]) => [key, ok(value, message)]));
}
