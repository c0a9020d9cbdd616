/**
 * THE table of layers: every folder of `src/` and `commands/` is in exactly one row, lowest
 * first, and may import only its own row and the rows it names, all of them earlier in the list
 * (so the table cannot hold a cycle). `layers.test.ts` checks every import of every file against
 * it, and ARCHITECTURE.md's table against it (the Layer, Folder and May import columns).
 *
 * Imports, read from the source (test/architecture/module-graph.ts):
 * - `uses`: earlier rows the layer may import, values or types.
 * - `typesOf`: earlier rows the layer may import only types from (`import type`), e.g. the bot
 *   names a `SqliteDatabase` in the feature contract but never opens one.
 * - `portsOf`: the one way up. A port is declared by its consumer (`src/bot/ports.ts`) and
 *   implemented below it (`src/store/usage.ts` implements `UsagePort`); the implementation may
 *   `import type` the later row's `port.ts`/`ports.ts` and nothing else of it. Why types may go
 *   where values may not: with `verbatimModuleSyntax` an `import type` is erased at build, so it
 *   loads nothing, adds no start-up cost and cannot make a load-order cycle; it ties the code to
 *   a shape, which is what implementing a port means. `import { type A }` is a value import (it
 *   compiles to `import {} from`, which loads the module) and counts as one.
 * - `entry`: the only files of the layer other layers may import (`index.ts`); inside the layer
 *   anything goes. `tests`: the layer's own test folder; with it, test/ and bench/ files outside
 *   that folder are held to the entry too (otherwise tests may reach inside to test a piece).
 *
 * A path ending in `/` is a folder, `commands/*\/` is one layer of many folders (the features:
 * each its own module, never importing a sibling), anything else is one file; a file belongs to
 * the row with the longest matching path.
 */
export interface Layer {
  readonly name: string;
  readonly paths: readonly string[];
  readonly uses: readonly string[];
  readonly typesOf?: readonly string[];
  readonly portsOf?: readonly string[];
  readonly entry?: readonly string[];
  readonly tests?: string;
}

export const LAYERS: readonly Layer[] = [
  // Foundations: no import of ours.
  { name: 'time', paths: ['src/time/'], uses: [] },
  { name: 'text', paths: ['src/text/'], uses: [] },
  { name: 'errors', paths: ['src/errors/'], uses: [] },
  { name: 'logger', paths: ['src/logger.ts'], uses: [] },
  // A module loaded on first use (issue 22): what a message does not need waits until it does.
  { name: 'lazy', paths: ['src/lazy.ts'], uses: [] },
  // The transport port (transport.ts), WhatsApp id shapes (ids.ts), the in-process transports.
  { name: 'transports', paths: ['src/transports/'], uses: [] },
  {
    name: 'language',
    paths: ['src/language/'],
    uses: ['time', 'text', 'errors'],
    // index.ts loads the lexicon (~0.6–0.9 s, +40 MB RSS measured at load 7); the RUC check
    // digits are also an entry of their own for code that runs without the bot (the config, the
    // padrón's import worker, the sandbox's padrón rows), which must not pay for it.
    entry: ['index.ts', 'grammars/identifiers/ruc-digits.ts'],
  },
  { name: 'lookup', paths: ['src/lookup/'], uses: ['time', 'text'] },
  {
    name: 'config',
    paths: ['src/config.ts', 'src/config/'],
    uses: ['text', 'transports', 'language', 'lookup'],
  },
  { name: 'render', paths: ['src/render/'], uses: ['time', 'language'] },
  { name: 'padron', paths: ['src/padron/'], uses: ['time', 'text', 'lazy', 'language'] },
  { name: 'official', paths: ['src/official/'], uses: ['time', 'lazy', 'language'], typesOf: ['lookup'] },
  { name: 'sandbox', paths: ['src/sandbox/'], uses: ['time', 'text', 'lazy', 'language', 'lookup'] },
  // The credit budget's contract (the caps are the budget feature's).
  { name: 'budget', paths: ['src/budget/'], uses: [] },
  {
    name: 'store',
    paths: ['src/store/'],
    uses: ['time', 'transports'],
    typesOf: ['lookup'],
    portsOf: ['bot'],
  },
  {
    name: 'scheduler',
    paths: ['src/scheduler/'],
    uses: ['time', 'transports', 'language', 'lookup', 'config', 'store'],
    // The jobs' contract, the run ledger and the spec's words; the runner and the due logic are its own.
    entry: ['port.ts', 'job.ts', 'schedule-spec.ts', 'store.ts', 'scheduler.ts'],
  },
  { name: 'groups', paths: ['src/groups/'], uses: ['text'], typesOf: ['lookup'], portsOf: ['bot'] },
  {
    name: 'bot',
    paths: ['src/bot/'],
    uses: ['text', 'errors', 'transports', 'language', 'lookup', 'render', 'budget'],
    typesOf: ['config', 'padron', 'official', 'store', 'scheduler'],
  },
  { name: 'delivery', paths: ['src/delivery/'], uses: ['transports', 'bot'], typesOf: ['store'] },
  {
    name: 'features',
    paths: ['commands/*/'],
    uses: [
      'time',
      'text',
      'errors',
      'lazy',
      'transports',
      'language',
      'lookup',
      'config',
      'render',
      'budget',
      'store',
      'scheduler',
      'bot',
    ],
    typesOf: ['padron'],
    entry: ['index.ts'],
  },
  {
    name: 'whatsapp',
    paths: ['src/transports/whatsapp/'],
    uses: ['time', 'transports', 'config', 'store'],
    typesOf: ['lookup', 'groups'],
    entry: ['index.ts'],
    tests: 'test/transports/whatsapp/',
  },
  // The operators' side: ops (alerts, metrics, backups, WhatsApp state and the ports the console
  // shows), the console (the web page), and runtime.ts, which wires both (design: src/operate/).
  {
    name: 'ops',
    paths: ['src/ops/'],
    uses: ['time', 'lazy', 'transports', 'lookup', 'config', 'store', 'bot'],
    typesOf: ['whatsapp'],
  },
  {
    name: 'console',
    paths: ['src/console/'],
    uses: [
      'time',
      'logger',
      'lazy',
      'transports',
      'lookup',
      'config',
      'render',
      'store',
      'scheduler',
      'bot',
      'ops',
    ],
  },
  {
    name: 'operate',
    paths: ['src/ops/runtime.ts'],
    uses: ['time', 'lazy', 'transports', 'config', 'store', 'scheduler', 'ops', 'console'],
    typesOf: ['lookup', 'bot', 'whatsapp'],
  },
  // Wiring: the composition root and the command line.
  {
    name: 'app',
    paths: ['src/app/'],
    uses: [
      'logger',
      'transports',
      'lookup',
      'config',
      'render',
      'padron',
      'official',
      'store',
      'scheduler',
      'groups',
      'bot',
      'delivery',
      'features',
    ],
  },
  {
    name: 'cli',
    paths: ['src/cli/', 'src/main.ts'],
    uses: [
      'time',
      'text',
      'errors',
      'logger',
      'transports',
      'language',
      'lookup',
      'config',
      'render',
      'padron',
      'sandbox',
      'store',
      'bot',
      'whatsapp',
      'ops',
      'operate',
      'app',
    ],
  },
];

/**
 * Imports the table does not allow yet, each `importer -> imported file` with why and the plan.
 * The test fails on a fault not listed here and on a listed one that is gone: whoever removes
 * one removes its line.
 */
export const KNOWN_FAULTS: readonly string[] = [];
