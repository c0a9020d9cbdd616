import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroupSettingsRepo } from '../../src/store/group-settings.js';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import { openDatabase } from '../../src/store/sqlite.js';

const dir = mkdtempSync(path.join(tmpdir(), 'chasqui-groups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('group settings repo', () => {
  it('leaves an untouched group to the config and persists toggles across a reopen', () => {
    const at = new Date('2026-11-20T13:00:00Z');
    const first = openDatabase({ dir });
    const settings = createGroupSettingsRepo(first, { now: () => at });
    expect(settings.isActive('120363000000000001@g.us')).toBeUndefined();
    settings.setActive('120363000000000001@g.us', true, '51987654321');
    settings.setActive('120363000000000002@g.us', true, '51987654321');
    settings.setActive('120363000000000002@g.us', false, '51911111111');
    first.close();

    const second = openDatabase({ dir });
    const reopened = createGroupSettingsRepo(second);
    const hide = createPseudonymizer(second);
    expect(reopened.isActive('120363000000000001@g.us')).toBe(true);
    expect(reopened.isActive('120363000000000002@g.us')).toBe(false);
    expect(reopened.isActive('120363000000000003@g.us')).toBeUndefined();
    expect(reopened.list()).toEqual([
      {
        chatId: '120363000000000001@g.us',
        active: true,
        updatedBy: `hmac:${hide('51987654321')}`,
        updatedAt: at,
      },
      {
        chatId: '120363000000000002@g.us',
        active: false,
        updatedBy: `hmac:${hide('51911111111')}`,
        updatedAt: at,
      },
    ]);
    second.close();
    const raw = readFileSync(path.join(dir, 'chasqui.db')).toString('latin1');
    expect(raw).not.toContain('51987654321');
    expect(raw).not.toContain('51911111111');
  });

  it('answers every read after a toggle with the toggle, though it keeps the rows it read', () => {
    const db = openDatabase({ dir: mkdtempSync(path.join(dir, 'cache-')) });
    const settings = createGroupSettingsRepo(db);
    const group = '120363000000000009@g.us';
    expect(settings.isActive(group)).toBeUndefined();
    expect(settings.ownerAllowed(group)).toBe(false);
    settings.setActive(group, true, '51987654321', { byOwner: true });
    expect(settings.isActive(group)).toBe(true);
    expect(settings.ownerAllowed(group)).toBe(true);
    settings.setActive(group, false, '51911111111');
    expect(settings.isActive(group)).toBe(false);
    expect(settings.ownerAllowed(group)).toBe(true);
    db.close();
  });

  it('keeps who toggled only as a keyed pseudonym: a full JID and its digits give the same one', () => {
    const db = openDatabase({ dir: ':memory:' });
    const settings = createGroupSettingsRepo(db);
    settings.setActive('120363000000000001@g.us', true, '51987654321@s.whatsapp.net');
    settings.setActive('120363000000000002@g.us', true, '51987654321:12@s.whatsapp.net');
    const [a, b] = settings.list();
    expect(a?.updatedBy).toMatch(/^hmac:[0-9a-f]{16}$/);
    expect(b?.updatedBy).toBe(a?.updatedBy);
    // Another database has another secret: the same number does not link across installations.
    const other = openDatabase({ dir: ':memory:' });
    expect(`hmac:${createPseudonymizer(other)('51987654321')}`).not.toBe(a?.updatedBy);
    other.close();
    db.close();
  });

  it('rewrites a clear updated_by written by an older version when opened', () => {
    const db = openDatabase({ dir: ':memory:' });
    db.prepare(
      'INSERT INTO group_settings (chat_id, active, updated_by, updated_at) VALUES (?, ?, ?, ?)',
    ).run('120363000000000001@g.us', 1, '51987654321@s.whatsapp.net', 0);
    const [setting] = createGroupSettingsRepo(db).list();
    expect(setting?.updatedBy).toBe(`hmac:${createPseudonymizer(db)('51987654321')}`);
    db.close();
  });
});
