import { createRequire } from 'node:module';
import type { Pool as UndiciPool } from 'undici';

/**
 * undici's Pool without the rest of undici (issue 22, a lean process). `import 'undici'` runs its
 * index.js, which requires the whole library (fetch, WebSocket, caches, mocks, proxies: 112
 * modules, ~5 MB of heap and ~80 ms of a cold start) although a lookup needs one keep-alive pool
 * and its `request`. These are the two files index.js takes them from, and the same
 * `Object.assign` it does to give dispatchers their `request`; the version is pinned in
 * package.json, and every lookup test goes through here. A later `import 'undici'` (the alert
 * webhook, BCRP) gets the same module instances from require's cache.
 */
const require = createRequire(import.meta.url);
const Dispatcher = require('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
Object.assign(Dispatcher.prototype, require('undici/lib/api/index.js') as object);

export const Pool = require('undici/lib/dispatcher/pool.js') as typeof UndiciPool;
export type Pool = UndiciPool;
