import { describe, expect, it, vi } from 'vitest';
import { createGroupDirectory, fromLookup } from '../../src/groups/directory.js';
import type { Logger } from '../../src/logger.js';
import type { Group } from '../../src/lookup/schemas/index.js';

function group(jid: string, name: string): Group {
  return { JID: jid, Name: name, Participants: [], ParticipantCount: 0 } as unknown as Group;
}

const GROUPS = [
  group('120363000000000001@g.us', 'Despacho Lima'),
  group('120363000000000002@g.us', 'Contabilidad'),
  group('120363000000000003@g.us', 'Recursos Humanos'),
];

describe('group directory', () => {
  it('resolves names case- and accent-insensitively, exactly', async () => {
    const directory = createGroupDirectory({ source: async () => GROUPS });
    expect(await directory.resolveName('despacho  LIMA')).toBe('120363000000000001@g.us');
    expect(await directory.resolveName('Contabílidad')).toBe('120363000000000002@g.us');
    expect(await directory.resolveName('Recursos')).toBeUndefined();
    expect(await directory.resolveName('Ventas')).toBeUndefined();
  });

  it('answers undefined for an ambiguous name and warns once', async () => {
    const warn = vi.fn();
    const logger = { child: () => ({ warn }) } as unknown as Logger;
    const directory = createGroupDirectory({
      source: async () => [...GROUPS, group('120363000000000009@g.us', 'CONTABILIDAD')],
      logger,
    });
    expect(await directory.resolveName('Contabilidad')).toBeUndefined();
    expect(await directory.resolveName('contabilidad')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ matches: 2 });
  });

  it('loads once per TTL, sharing a load among concurrent callers', async () => {
    let now = 0;
    const source = vi.fn(async () => GROUPS);
    const directory = createGroupDirectory({ source, ttlMs: 1000, now: () => new Date(now) });
    await Promise.all([directory.list(), directory.list(), directory.resolveName('Contabilidad')]);
    expect(source).toHaveBeenCalledTimes(1);
    now = 999;
    await directory.list();
    expect(source).toHaveBeenCalledTimes(1);
    now = 1000;
    await directory.list();
    expect(source).toHaveBeenCalledTimes(2);
    directory.invalidate();
    await directory.list();
    expect(source).toHaveBeenCalledTimes(3);
  });

  it('keeps the last list when a reload fails, and fails when it never loaded', async () => {
    let now = 0;
    let fail = false;
    const directory = createGroupDirectory({
      source: async () => {
        if (fail) throw new Error('messaging host down');
        return GROUPS;
      },
      ttlMs: 10,
      now: () => new Date(now),
    });
    await directory.list();
    fail = true;
    now = 100;
    expect(await directory.list()).toHaveLength(3);

    const empty = createGroupDirectory({ source: async () => Promise.reject(new Error('down')) });
    await expect(empty.list()).rejects.toThrow('down');
    expect(await empty.resolveName('Contabilidad')).toBeUndefined();
  });

  it('trusts an empty list only briefly: groups loaded later resolve without waiting the TTL', async () => {
    let now = 0;
    let groups: Group[] = [];
    const source = vi.fn(async () => groups);
    const directory = createGroupDirectory({ source, retryMs: 30_000, now: () => new Date(now) });
    expect(await directory.resolveName('Contabilidad')).toBeUndefined();
    groups = GROUPS;
    now = 29_999;
    expect(await directory.resolveName('Contabilidad')).toBeUndefined();
    expect(source).toHaveBeenCalledTimes(1);
    now = 30_000;
    expect(await directory.resolveName('Contabilidad')).toBe('120363000000000002@g.us');
    expect(source).toHaveBeenCalledTimes(2);
    // A full list is then kept for the whole TTL (5 minutes by default).
    now = 30_000 + 4 * 60_000;
    await directory.list();
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('retries soon after a failed reload instead of keeping the old list a full TTL', async () => {
    let now = 0;
    let fail = false;
    const source = vi.fn(async () => {
      if (fail) throw new Error('messaging host down');
      return GROUPS;
    });
    const directory = createGroupDirectory({
      source,
      ttlMs: 300_000,
      retryMs: 30_000,
      now: () => new Date(now),
    });
    await directory.list();
    fail = true;
    now = 300_000;
    expect(await directory.list()).toHaveLength(3);
    fail = false;
    now = 329_999;
    await directory.list();
    expect(source).toHaveBeenCalledTimes(2);
    now = 330_000;
    await directory.list();
    expect(source).toHaveBeenCalledTimes(3);
  });

  it('reads groups from the lookup API (operation 20)', async () => {
    const groups = vi.fn(async () => GROUPS);
    const directory = createGroupDirectory({ lookup: { groups } });
    expect(await directory.list()).toBe(GROUPS);
    expect(await fromLookup({ groups })()).toBe(GROUPS);
    expect(groups).toHaveBeenCalledTimes(2);
  });
});
