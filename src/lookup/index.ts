/** Public surface of the lookup client: the factory, its options, the error tree, records, the ZIP helper. */
export type { CallOptions, DniRucResult, DocumentRef, LookupApi, TaxPortalCredentials } from './api.js';
export { createLookupClient, type LookupClient } from './client.js';
export * from './errors.js';
export { parseRetryAfter } from './http.js';
export { type LookupClientOptions, LookupConfigError, type LookupLogger } from './options.js';
export * from './schemas/index.js';
export { DEFAULT_MAX_ZIP_BYTES, InvoiceZipError, unzipBase64, type ZipEntry } from './zip.js';
