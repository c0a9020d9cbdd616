import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tsFilesUnder } from '../helpers/source-files.js';

/**
 * The WhatsApp adapter has one entry: code outside src/transports/whatsapp/ imports only its
 * index.ts. The adapter's own tests (test/transports/whatsapp/) may reach inside.
 */
const ADAPTER = path.resolve('src/transports/whatsapp');
const ENTRY = path.join(ADAPTER, 'index.ts');
const INSIDE = [ADAPTER, path.resolve('test/transports/whatsapp')];

/** The files a source imports (static, re-export or dynamic), as `.ts` paths. */
function importedFiles(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/gu)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.map((s) => path.resolve(path.dirname(file), s).replace(/\.js$/u, '.ts'));
}

/** `importer -> imported` for each import of `file` into the adapter other than its entry. */
function backDoors(file: string, text = readFileSync(file, 'utf8')): string[] {
  return importedFiles(file, text)
    .filter((target) => target.startsWith(ADAPTER + path.sep) && target !== ENTRY)
    .map((target) => `${path.relative(process.cwd(), file)} -> ${path.relative(ADAPTER, target)}`);
}

describe('the WhatsApp adapter’s one entry', () => {
  const outside = ['src', 'commands', 'test', 'bench']
    .flatMap((dir) => tsFilesUnder(path.resolve(dir)))
    .filter((file) => !INSIDE.some((dir) => file.startsWith(dir + path.sep)));

  it('tells an import of the entry from one of a file inside', () => {
    expect(outside.length).toBeGreaterThan(100);
    const start = path.resolve('src/cli/start.ts');
    expect(importedFiles(start, readFileSync(start, 'utf8'))).toContain(ENTRY);
    expect(
      backDoors(start, "import { createWhatsAppSetup } from '../transports/whatsapp/index.js';"),
    ).toEqual([]);
    expect(backDoors(start, "import type { X } from '../transports/whatsapp/connection/socket.js';")).toEqual(
      [`src/cli/start.ts -> ${path.join('connection', 'socket.ts')}`],
    );
  });

  it('nothing outside imports a file inside src/transports/whatsapp/ but index.ts', () => {
    expect(outside.flatMap((file) => backDoors(file))).toEqual([]);
  });
});
