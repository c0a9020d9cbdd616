import { describe, expect, it } from 'vitest';
import { createServiceRegistry, provide, serviceKey } from '../../src/bot/registry.js';

describe('service registry', () => {
  const COUNTER = serviceKey<{ count(): number }>('counter');
  const NAME = serviceKey<string>('name');

  it('returns what was provided under a key, and undefined for a key nobody provided', () => {
    const registry = createServiceRegistry([provide(COUNTER, { count: () => 3 })]);
    expect(registry.get(COUNTER)?.count()).toBe(3);
    expect(registry.get(NAME)).toBeUndefined();
  });

  it('tells keys apart by identity, not by name', () => {
    const other = serviceKey<string>('name');
    const registry = createServiceRegistry([provide(NAME, 'Despacho')]);
    expect(registry.get(other)).toBeUndefined();
  });

  it('refuses a key provided twice at build time (two features claiming one service)', () => {
    expect(() => createServiceRegistry([provide(NAME, 'a'), provide(NAME, 'b')])).toThrow(
      'service name provided twice',
    );
  });

  it('lets a test swap or remove a service', () => {
    const registry = createServiceRegistry([provide(NAME, 'real')]);
    registry.set(NAME, 'fake');
    expect(registry.get(NAME)).toBe('fake');
    expect(registry.delete(NAME)).toBe(true);
    expect(registry.get(NAME)).toBeUndefined();
  });
});
