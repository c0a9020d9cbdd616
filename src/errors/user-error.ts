/**
 * Every user-facing error template: `templates/errors/<id>.liquid`, one id each (Sapphire's
 * `Identifiers`). A test checks this list against the folder both ways, so a missing or orphan
 * template fails CI; `UserError` and the router's own replies only accept these ids.
 */
export const ERROR_IDS = [
  'afp-fund-not-found',
  'afp-not-found',
  'chofer-documento',
  'chofer-telefono',
  'chofer-uso',
  'date-future',
  'date-too-old',
  'budget-exceeded',
  'denied-admin',
  'denied-direct',
  'denied-personal-data',
  'dni-missing',
  'document-format-needed',
  'document-not-found',
  'driver-only-guides',
  'foreign-doc-missing',
  'foreign-doc-not-found',
  'groups-unavailable',
  'internal',
  'invalid-date',
  'invalid-dni-check',
  'invalid-dni',
  'invalid-foreign-doc',
  'invalid-period',
  'invalid-plate',
  'invalid-ruc-check',
  'invalid-ruc-format',
  'invalid-ruc-length',
  'invalid-ruc-prefix',
  'invalid-search',
  'licence-not-found',
  'line-too-long',
  'lookup-credits',
  'lookup-not-found',
  'lookup-rate-limited',
  'lookup-rejected',
  'lookup-too-large',
  'lookup-unauthorized',
  'lookup-unavailable',
  'lote-archivo-grande',
  'lote-archivo-ilegible',
  'lote-archivo-tipo',
  'lote-demasiados',
  'lote-no-disponible',
  'lote-vacio',
  'one-at-a-time',
  'only-groups',
  'period-future',
  'period-too-old',
  'plate-missing',
  'plate-not-found',
  'rate-limited-user',
  'ref-format',
  'ref-missing',
  'ref-number',
  'ref-own-ruc',
  'ref-ruc',
  'ref-series',
  'ref-type-kind',
  'ref-type-needed',
  'ref-type',
  'ruc-missing',
  'ruc-not-found',
  'schedule-bad-day-of-month',
  'schedule-bad-days',
  'schedule-bad-number',
  'schedule-bad-time',
  'schedule-config',
  'schedule-duplicate',
  'schedule-job-ambiguous',
  'schedule-job-none',
  'schedule-missing-job',
  'schedule-missing-time',
  'schedule-unavailable',
  'schedule-unknown-job',
  'search-missing',
  'unknown-command',
  'vigilar-limite',
  'vigilar-no-disponible',
  'zip-corrupt',
  'zip-empty',
  'zip-no-credentials',
  'zip-too-large',
  'lote-archivo-descarga',
  'lote-archivo-binario',
  'lote-archivo-expandido',
  'lote-archivo-filas',
  'lote-archivo-lento',
] as const;

/** The id of one error template (see `ERROR_IDS`). */
export type ErrorId = (typeof ERROR_IDS)[number];

export interface UserErrorOptions {
  /**
   * Which of the command's declared `examples` (index) fits this error best; the router shows it
   * as `ejemplo`. Default: the command's first example with arguments.
   */
  example?: number;
}

/**
 * An error meant for the chat user. It carries an identifier; the router renders
 * `templates/errors/<identifier>.liquid` with `data` plus the command's example (`ejemplo`), so
 * wording lives in templates and examples in the command's declaration, never in validation code.
 *
 * A reply to a typing mistake, not a bug: plain data with `Error.prototype` in its chain
 * (`instanceof Error` holds, `String(error)` reads as one), built without the Error constructor,
 * so without a stack (the constructor cost more than reading the message, even with no frames).
 */
export class UserError {
  readonly name = 'UserError';
  readonly message: string;
  readonly stack?: string;
  readonly example: number | undefined;

  constructor(
    readonly identifier: ErrorId,
    readonly data: Record<string, unknown> = {},
    options: UserErrorOptions = {},
  ) {
    this.message = identifier;
    this.example = options.example;
  }
}
Object.setPrototypeOf(UserError.prototype, Error.prototype);

/** Keeps a user-typed value short and printable before echoing it back in an error reply. */
export function echo(value: string, max = 30): string {
  const clean = value.replace(/[\p{C}]/gu, '').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
