import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';
import { tsFilesUnder } from '../helpers/source-files.js';

/**
 * The feature boundary (commands/README.md): `src/` is the platform and only `src/app/` (the
 * composition root) imports `commands/`; a feature folder imports `src/` and itself, never another
 * feature; every feature folder is listed once in src/app/features.ts.
 */
const ROOT = path.resolve('.');
const COMMANDS = path.join(ROOT, 'commands');

/** Repository-relative targets of a file's relative imports (static, re-export or dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/gu)].map((m) =>
    path.relative(ROOT, path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

const featureFolders = () =>
  readdirSync(COMMANDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('feature boundaries', () => {
  it('scans real folders (the checks cannot pass vacuously)', () => {
    expect(featureFolders()).toEqual(
      expect.arrayContaining(['watch', 'batch', 'budget', 'schedules', 'groups', 'guides', 'drivers']),
    );
    expect(importsOf(path.join(COMMANDS, 'watch', 'index.ts'))).toContain(
      path.join('commands', 'watch', 'check.js'),
    );
  });

  it('nothing under src/ but src/app/ imports commands/', () => {
    const offenders = tsFilesUnder(path.join(ROOT, 'src'))
      .filter((file) => !path.relative(ROOT, file).startsWith(path.join('src', 'app') + path.sep))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => target.startsWith(`commands${path.sep}`))
          .map((target) => `${path.relative(ROOT, file)} -> ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it('holds feature folders only: no command outside a feature', () => {
    const loose = readdirSync(COMMANDS, { withFileTypes: true }).filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts'),
    );
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });

  it('a feature imports src/ and its own folder, never another feature', () => {
    const offenders = featureFolders().flatMap((feature) =>
      tsFilesUnder(path.join(COMMANDS, feature)).flatMap((file) =>
        importsOf(file)
          .filter((target) => {
            const [top, folder] = target.split(path.sep);
            return top === 'commands' && folder !== feature;
          })
          .map((target) => `${path.relative(ROOT, file)} -> ${target}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('lists every feature folder once in src/app/features.ts, by its folder name', () => {
    const listed = FEATURES.map((feature) => feature.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(featureFolders().sort());
  });

  it('gives every command to exactly one feature', () => {
    const names = FEATURES.flatMap((feature) => feature.commands.map((command) => command.name));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
