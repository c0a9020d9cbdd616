/** What other layers use of the lookup client: the factories, the call path and its middlewares, the stack, errors, records. */
export type { LookupApi } from './api.js';
export {
  composeLookup,
  createLookupApi,
  handlerOf,
  type LookupHandler,
  type LookupMiddleware,
} from './call.js';
export { createLookupClient, type LookupClient } from './client.js';
export * from './errors.js';
export * from './schemas/index.js';
export { createLookupStack, type LookupStack } from './stack.js';
