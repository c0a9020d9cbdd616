import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { folderCell, mayImportCell, placeOf, refusal, refusals } from './layer-rules.js';
import { KNOWN_FAULTS, LAYERS } from './layers.js';
import { filesUnder, type Import, importsUnder } from './module-graph.js';

/**
 * The house's rules, from one table (test/architecture/layers.ts): every file of src/ and
 * commands/ has a row, every import is one its row allows, and ARCHITECTURE.md says the same.
 */
const product = filesUnder('src', 'commands');
// test/ and bench/ matter only for a layer closed to tests (its entry binds them too).
const closedToTests = LAYERS.filter((layer) => layer.tests !== undefined).flatMap((layer) => layer.paths);
const imports = [...importsUnder(['src', 'commands']), ...importsUnder(['test', 'bench'], closedToTests)];
const names = LAYERS.map((layer) => layer.name);
const index = (name: string) => names.indexOf(name);
const key = (refused: string) => refused.slice(0, refused.indexOf(': '));

const value = (from: string, to: string): Import => ({ from, to, typeOnly: false, line: 1 });
const typeOnly = (from: string, to: string): Import => ({ from, to, typeOnly: true, line: 1 });

describe('the table of layers', () => {
  it('is well formed: names once, uses and types of earlier rows only, ports of later rows only', () => {
    expect(new Set(names).size).toBe(names.length);
    const wrong = LAYERS.flatMap((layer, at) => [
      ...[...layer.uses, ...(layer.typesOf ?? [])]
        .filter((name) => !(index(name) >= 0 && index(name) < at))
        .map((name) => `${layer.name} lists ${name}, which is not below it`),
      ...(layer.portsOf ?? [])
        .filter((name) => !(index(name) > at))
        .map((name) => `${layer.name} lists ports of ${name}, which is not above it`),
      ...(layer.typesOf ?? [])
        .filter((name) => layer.uses.includes(name))
        .map((name) => `${layer.name} lists ${name} twice`),
    ]);
    expect(wrong).toEqual([]);
  });

  it('has a row for every file of src/ and commands/, and a file for every path and entry', () => {
    expect(product.length).toBeGreaterThan(300);
    expect(product.filter((file) => !placeOf(file))).toEqual([]);
    const stale = LAYERS.flatMap((layer) =>
      layer.paths.filter(
        (p) =>
          !product.some((file) => placeOf(file)?.layer === layer && file.startsWith(p.replace('*/', ''))),
      ),
    );
    expect(stale).toEqual([]);
    const folders = (pattern: string) =>
      pattern.endsWith('*/')
        ? [
            ...new Set(
              product.filter((f) => f.startsWith(pattern.slice(0, -2))).map((f) => placeOf(f)?.module),
            ),
          ]
        : [pattern.slice(0, -1)];
    const missing = LAYERS.flatMap((layer) =>
      layer.paths
        .flatMap(folders)
        .flatMap((folder) => (layer.entry ?? []).map((file) => `${folder}/${file}`)),
    ).filter((file) => !existsSync(file));
    expect(missing).toEqual([]);
  });

  it('refuses an upward import from every folder, and every kind of import it should', () => {
    const sample = (at: number) => {
      const entry = LAYERS[at]?.entry?.[0];
      const place = (f: string) => placeOf(f);
      return (
        product.find(
          (f) => place(f)?.layer === LAYERS[at] && (entry === undefined || place(f)?.inside === entry),
        ) ?? ''
      );
    };
    // Every pair of rows, the lower importing a value of the higher: the table allows none.
    const allowedUp = LAYERS.flatMap((_, low) =>
      LAYERS.slice(low + 1).flatMap((__, k) => {
        const up = value(sample(low), sample(low + 1 + k));
        return refusal(up) === undefined ? [`${up.from} -> ${up.to}`] : [];
      }),
    );
    expect(allowedUp).toEqual([]);
    expect(refusal(value('src/lookup/call.ts', 'src/bot/router.ts'))).toBe(
      'lookup may not import bot (upward)',
    );
    // A port of a later row, as a type: the one way up; anything else of that row stays refused.
    expect(refusal(typeOnly('src/store/usage.ts', 'src/bot/ports.ts'))).toBeUndefined();
    expect(refusal(value('src/store/usage.ts', 'src/bot/ports.ts'))).toBe(
      "store may import only types of bot's port files (upward)",
    );
    expect(refusal(typeOnly('src/store/usage.ts', 'src/bot/command.ts'))).toBe(
      "store may import only types of bot's port files (upward)",
    );
    expect(refusal(typeOnly('src/lookup/call.ts', 'src/bot/ports.ts'))).toBe(
      'lookup may not import bot (upward)',
    );
    // Types only, a sibling feature, an inside file, a test outside its layer's own tests.
    expect(refusal(value('src/bot/feature.ts', 'src/store/sqlite.ts'))).toBe(
      'bot may import only types from store',
    );
    expect(refusal(value('commands/watch/index.ts', 'commands/batch/index.ts'))).toBe(
      'commands/watch imports its sibling commands/batch',
    );
    expect(refusal(value('src/bot/router.ts', 'src/language/understand/understand.ts'))).toMatch(
      /inside language: import index\.ts/u,
    );
    expect(refusal(value('src/cli/start.ts', 'src/transports/whatsapp/connection/socket.ts'))).toMatch(
      /inside whatsapp/u,
    );
    expect(refusal(value('test/bot/x.test.ts', 'src/transports/whatsapp/connection/socket.ts'))).toMatch(
      /inside whatsapp/u,
    );
    expect(
      refusal(value('test/transports/whatsapp/x.test.ts', 'src/transports/whatsapp/connection/socket.ts')),
    ).toBeUndefined();
    expect(refusal(value('test/bot/x.test.ts', 'src/language/understand/understand.ts'))).toBeUndefined();
    expect(refusal(value('src/bot/router.ts', 'test/helpers/fakes.ts'))).toBe(
      'imports outside src/ and commands/',
    );
  });

  it('allows every import of the tree but the known faults', () => {
    expect(imports.length).toBeGreaterThan(1000);
    expect(refusals(imports).filter((refused) => !KNOWN_FAULTS.includes(key(refused)))).toEqual([]);
  });

  it('lists only known faults that still exist (remove a line once fixed)', () => {
    const current = refusals(imports).map(key);
    expect(KNOWN_FAULTS.filter((fault) => !current.includes(fault))).toEqual([]);
  });

  it('lists no allowance the tree does not use (the table says what is imported, not more)', () => {
    const used = new Set<string>();
    for (const imp of imports) {
      const from = placeOf(imp.from);
      const to = placeOf(imp.to);
      if (!from || !to || from.layer === to.layer) continue;
      used.add(`${from.layer.name} ${imp.typeOnly ? 'types' : 'uses'} ${to.layer.name}`);
    }
    const unused = LAYERS.flatMap((layer) => [
      ...layer.uses
        .filter((n) => !used.has(`${layer.name} uses ${n}`) && !used.has(`${layer.name} types ${n}`))
        .map((n) => `${layer.name} uses ${n}`),
      ...[...(layer.typesOf ?? []), ...(layer.portsOf ?? [])]
        .filter((n) => !used.has(`${layer.name} types ${n}`))
        .map((n) => `${layer.name} types ${n}`),
    ]);
    expect(unused).toEqual([]);
  });
});

describe('ARCHITECTURE.md', () => {
  const markdown = readFileSync('ARCHITECTURE.md', 'utf8');

  /** The rows of the first table under `## Layers`: Layer, Folder, (Holds), May import. */
  function documentedRows(): string[][] {
    const section = markdown.split(/^## /mu).find((part) => part.startsWith('Layers')) ?? '';
    return section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
  }

  it('has the layers table of test/architecture/layers.ts: rows in order, folders and imports', () => {
    const rows = documentedRows();
    expect(rows.length).toBeGreaterThan(10);
    const documented = rows.map(([layer, folder, , may]) => [layer, folder, may]);
    const expected = LAYERS.map((layer) => [layer.name, folderCell(layer), mayImportCell(layer)]);
    expect(documented).toEqual(expected);
  });
});
