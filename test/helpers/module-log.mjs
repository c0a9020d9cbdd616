// Loaded with `node --import` by tests that check what a process loads (issue 22: a lean process).
// Records every module it loads into CHASQUI_TEST_MODULE_LOG (ES modules as the loader reads
// them, CommonJS ones from require's cache at exit), and makes an import whose specifier matches
// CHASQUI_TEST_FAIL_IMPORT (a regular expression) fail as a missing module would.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const log = process.env.CHASQUI_TEST_MODULE_LOG;
const fail = process.env.CHASQUI_TEST_FAIL_IMPORT;
register('./module-log-hooks.mjs', import.meta.url, { data: { log, fail } });
if (log) {
  process.on('exit', () => {
    appendFileSync(log, `${Object.keys(Module._cache).join('\n')}\n`);
  });
}
