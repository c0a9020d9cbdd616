/** Public surface of the lookup client: the factory, its options, the call path and its middlewares, errors, records, ZIP. */
export type { CallOptions, DniRucResult, DocumentRef, LookupApi, TaxPortalCredentials } from './api.js';
export type { CacheLifetimes, CachedAnswer, LookupCacheStore } from './cache.js';
export {
  type AnswerSource,
  composeLookup,
  createLookupApi,
  handlerOf,
  type LookupCall,
  type LookupHandler,
  type LookupMiddleware,
} from './call.js';
export { createLookupClient, type LookupClient } from './client.js';
export * from './errors.js';
export { parseRetryAfter } from './http.js';
export { OPERATION_NAMES, OPERATIONS, type OperationArgs, type OperationResult } from './operations.js';
export { type LookupClientOptions, LookupConfigError, type LookupLogger } from './options.js';
export * from './schemas/index.js';
export { createLookupStack, type LookupStack, type LookupStackOptions, type LookupStats } from './stack.js';
export type { LookupUsageEvent } from './usage.js';
export { DEFAULT_MAX_ZIP_BYTES, InvoiceZipError, unzipBase64, type ZipEntry } from './zip.js';
