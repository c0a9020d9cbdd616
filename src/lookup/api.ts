import type { OperationArgs, OperationName, OperationResult } from './operations.js';

/** The four parts of a document reference, joined with hyphens in the guide paths (spec 4.2). */
export interface DocumentRef {
  ruc: string;
  /** Two-digit document type code: 01 factura, 03 boleta, 09 guía remitente, ... */
  type: string;
  series: string;
  number: string;
}

/** The company's tax-portal credentials (operations 16 and 17). Never logged, never in errors. */
export interface TaxPortalCredentials {
  ruc: string;
  user: string;
  password: string;
}

/** Result of operation 2: a DNI without RUC is an answer, not an error. */
export type DniRucResult =
  { hasRuc: true; ruc: string; message: string } | { hasRuc: false; message: string };

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * One typed method per operation of the lookup API (spec Part 4), derived from the operation
 * table (`operations.ts`): its arguments, then optional `CallOptions`.
 */
export type LookupApi = {
  readonly [N in OperationName]: (
    ...args: [...OperationArgs<N>, options?: CallOptions]
  ) => Promise<OperationResult<N>>;
};
