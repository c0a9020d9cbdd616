import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chofer } from '../../commands/drivers/chofer.js';
import { afp } from '../../commands/lookups/afp.js';
import { ruc } from '../../commands/lookups/ruc.js';
import { tc } from '../../commands/lookups/tc.js';
import { exampleFor } from '../../src/bot/error-reply.js';
import { ERROR_IDS, UserError } from '../../src/errors/user-error.js';

const folder = path.resolve('templates/errors');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.liquid'))
  .map((name) => name.slice(0, -'.liquid'.length));

describe('error template contract: ERROR_IDS and templates/errors/ agree both ways', () => {
  it('has a template for every id (a missing template fails)', () => {
    const missing = ERROR_IDS.filter((id) => !files.includes(id));
    expect(missing).toEqual([]);
  });

  it('has an id for every template (an orphan template fails)', () => {
    const orphans = files.filter((file) => !(ERROR_IDS as readonly string[]).includes(file));
    expect(orphans).toEqual([]);
  });

  it('lists each id once', () => {
    expect(new Set(ERROR_IDS).size).toBe(ERROR_IDS.length);
  });

  it('keeps examples out of templates: no literal default after `ejemplo`', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(path.join(folder, `${file}.liquid`), 'utf8');
      expect(text, file).not.toMatch(/ejemplo\s*\|\s*default/u);
    }
  });
});

describe("exampleFor: the one place an error's example comes from", () => {
  it("takes the command's first example with arguments", () => {
    const error = new UserError('invalid-ruc-format');
    expect(exampleFor(ruc.examples, error)).toBe('ruc 20123456786');
    expect(exampleFor(tc.examples, new UserError('invalid-date'))).toBe('tc 20/11/2026');
    expect(exampleFor(afp.examples, new UserError('invalid-period'))).toBe('afp 10/2026');
  });

  it('takes the example the error names, and falls back when the index is out of range', () => {
    expect(exampleFor(chofer.examples, new UserError('chofer-uso', {}, { example: 1 }))).toBe(
      'chofer borrar 41234567',
    );
    expect(exampleFor(chofer.examples, new UserError('chofer-uso', {}, { example: -1 }))).toBe(
      'chofer 41234567 987654321',
    );
    expect(exampleFor(['grupos'], new Error('not a user error'))).toBe('grupos');
  });
});
