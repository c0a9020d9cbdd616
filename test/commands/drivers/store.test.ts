import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDriversRepo } from '../../../commands/drivers/store.js';
import { openDatabase } from '../../../src/app/database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-drivers-'));
  dirs.push(dir);
  return dir;
}

const seed = { '41234567': '+51 999 888 777', '70123456': '51999888666' };

describe('drivers repo', () => {
  it('serves config drivers with source "config", normalised', () => {
    const db = openDatabase({ dir: ':memory:' });
    const drivers = createDriversRepo(db, { seed });
    expect(drivers.get('41234567')).toEqual({
      documentNumber: '41234567',
      phone: '51999888777',
      source: 'config',
    });
    expect(drivers.get('87654321')).toBeUndefined();
    db.close();
  });

  it('lets a chat registration override the config and persists it across a reopen', () => {
    const dir = tempDir();
    const first = openDatabase({ dir });
    const drivers = createDriversRepo(first, { seed });
    drivers.set('41234567', '+51 911 222 333', '51987654321');
    drivers.set('ce001234567', '51911444555', '51987654321');
    first.close();

    const second = openDatabase({ dir });
    const reopened = createDriversRepo(second, { seed });
    expect(reopened.get('41234567')).toEqual({
      documentNumber: '41234567',
      phone: '51911222333',
      source: 'chat',
    });
    expect(reopened.list()).toEqual([
      { documentNumber: '41234567', phone: '51911222333', source: 'chat' },
      { documentNumber: '70123456', phone: '51999888666', source: 'config' },
      { documentNumber: 'CE001234567', phone: '51911444555', source: 'chat' },
    ]);
    second.close();
  });

  it('keeps a removed config driver removed after a restart until set again', () => {
    const dir = tempDir();
    const first = openDatabase({ dir });
    const drivers = createDriversRepo(first, { seed });
    expect(drivers.remove('70123456')).toBe(true);
    expect(drivers.remove('70123456')).toBe(false);
    expect(drivers.remove('87654321')).toBe(false);
    first.close();

    const second = openDatabase({ dir });
    const reopened = createDriversRepo(second, { seed });
    expect(reopened.get('70123456')).toBeUndefined();
    expect(reopened.list().map((d) => d.documentNumber)).toEqual(['41234567']);
    reopened.set('70123456', '51900000001', '51987654321');
    expect(reopened.get('70123456')?.phone).toBe('51900000001');
    second.close();
  });

  it('removes a chat-only driver entirely and rejects a non-phone', () => {
    const db = openDatabase({ dir: ':memory:' });
    const drivers = createDriversRepo(db);
    drivers.set('41234567', '51911222333', 'admin');
    expect(drivers.remove('41234567')).toBe(true);
    expect(drivers.list()).toEqual([]);
    expect(() => drivers.set('41234567', 'chofer', 'admin')).toThrow(TypeError);
    db.close();
  });

  it('keeps a driver known only by LID (no phone), across a reopen, and a number set later replaces it', () => {
    const dir = tempDir();
    const first = openDatabase({ dir });
    const drivers = createDriversRepo(first, { seed });
    // A config driver moved to a LID, and a new one registered by LID (device suffix dropped).
    drivers.setLid('70123456', '187654321098765:3@lid', 'admin');
    drivers.setLid('ce001234567', '177777777777777@lid', 'admin');
    expect(() => drivers.setLid('41234567', '51911222333@s.whatsapp.net', 'admin')).toThrow(TypeError);
    first.close();

    const second = openDatabase({ dir });
    const reopened = createDriversRepo(second, { seed });
    expect(reopened.get('70123456')).toEqual({
      documentNumber: '70123456',
      lid: '187654321098765@lid',
      source: 'chat',
    });
    expect(reopened.list().map((d) => [d.documentNumber, d.phone ?? d.lid])).toEqual([
      ['41234567', '51999888777'],
      ['70123456', '187654321098765@lid'],
      ['CE001234567', '177777777777777@lid'],
    ]);
    reopened.set('CE001234567', '51911444555', 'admin');
    expect(reopened.get('CE001234567')).toEqual({
      documentNumber: 'CE001234567',
      phone: '51911444555',
      source: 'chat',
    });
    // Removing a LID-only config override leaves the tombstone: the config number does not come back.
    expect(reopened.remove('70123456')).toBe(true);
    expect(reopened.get('70123456')).toBeUndefined();
    expect(reopened.remove('CE001234567')).toBe(true);
    expect(reopened.list().map((d) => d.documentNumber)).toEqual(['41234567']);
    second.close();
  });
});
