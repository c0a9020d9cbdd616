import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';

/**
 * The features' list (commands/README.md): every feature folder is listed once in
 * src/app/features.ts, by its folder's name, and every command belongs to exactly one feature.
 * What a feature may import (src/ and its own folder, never a sibling; only src/app/ imports it,
 * through its index.ts) is the `features` row of test/architecture/layers.ts.
 */
const featureFolders = () =>
  readdirSync('commands', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the features list', () => {
  it('lists every feature folder once in src/app/features.ts, by its folder name', () => {
    expect(featureFolders()).toEqual(expect.arrayContaining(['watch', 'batch', 'budget', 'lookups', 'help']));
    const listed = FEATURES.map((feature) => feature.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(featureFolders().sort());
  });

  it('gives every command to exactly one feature', () => {
    const names = FEATURES.flatMap((feature) => feature.commands.map((command) => command.name));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
