import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { fileSchema } from '../../src/config/file-schema.js';
import { weaklyHeld } from '../../src/config/weakly-held.js';

describe('a value held weakly (the config schemas, issue 22)', () => {
  it('is built once while something holds it, and is the same value each time', () => {
    let builds = 0;
    const get = weaklyHeld(() => ({ built: ++builds }));
    const first = get();
    expect(get()).toBe(first);
    expect(builds).toBe(1);
    expect(first).toEqual({ built: 1 });
  });

  it('gives the file schema that reads a config, the same one while it lives', () => {
    const schema = fileSchema();
    expect(fileSchema()).toBe(schema);
    expect(schema.safeParse({ maxListItems: 5 }).success).toBe(true);
    expect(parseConfig({ maxListItems: 5 }).maxListItems).toBe(5);
    expect(() => parseConfig({ maxListItems: 0 })).toThrow(/maxListItems/u);
  });
});
