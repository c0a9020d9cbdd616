// Loader hooks of module-log.mjs (they run on the loader's own thread).
import { appendFileSync } from 'node:fs';

let log;
let fail;

export function initialize(data) {
  log = data.log;
  fail = data.fail ? new RegExp(data.fail) : undefined;
}

export async function resolve(specifier, context, next) {
  if (fail?.test(specifier)) {
    const error = new Error(`Cannot find module '${specifier}' (failed on purpose by a test)`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (log) appendFileSync(log, `${url}\n`);
  return next(url, context);
}
