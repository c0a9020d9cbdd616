import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of ARCHITECTURE.md, enforced: lower layers never import upward. Each entry lists
 * the `src/` folders a layer may import from (besides itself and npm packages).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  time: [],
  text: [],
  // input is the user errors alone: the language layer reads chat input (issue 18).
  lookup: ['time', 'text', 'config'],
};

/**
 * Upward imports that exist today and are being removed on another branch (issue 9, parts 1–2:
 * the cache/usage wrapper leaves src/lookup). Exact file → folder pairs; the test fails when one
 * of them is gone, so whoever removes the import also removes the entry.
 */
const KNOWN_UPWARD: readonly string[] = [];

const SRC = path.resolve('src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `src/<folder>` of every relative import (static, re-export or dynamic) of one file. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/gu)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.map((specifier) => {
    const target = path.relative(SRC, path.resolve(path.dirname(file), specifier));
    return target.startsWith('..') ? '(outside src)' : (target.split(path.sep)[0] ?? '');
  });
}

function violations(): string[] {
  const found = new Set<string>();
  for (const [layer, allowed] of Object.entries(MAY_IMPORT)) {
    for (const file of filesUnder(path.join(SRC, layer))) {
      for (const folder of importedFolders(file)) {
        if (folder === layer || allowed.includes(folder)) continue;
        found.add(`${path.relative(path.dirname(SRC), file)} -> ${folder.replace(/\.ts$/u, '')}`);
      }
    }
  }
  return [...found].sort();
}

describe('import boundaries', () => {
  it('scans real files (the check cannot pass vacuously)', () => {
    for (const layer of Object.keys(MAY_IMPORT)) {
      expect(filesUnder(path.join(SRC, layer)).length, layer).toBeGreaterThan(0);
    }
    expect(importedFolders(path.join(SRC, 'lookup', 'cache.ts'))).toContain('time');
  });

  it('no lower layer (time, text, errors, language, lookup) imports from a layer above it', () => {
    expect(violations().filter((v) => !KNOWN_UPWARD.includes(v))).toEqual([]);
  });

  it('lists only known upward imports that still exist (remove an entry once fixed)', () => {
    const current = violations();
    expect(KNOWN_UPWARD.filter((v) => !current.includes(v))).toEqual([]);
  });
});
