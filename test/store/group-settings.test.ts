import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGroupSettingsRepo } from '../../src/store/group-settings.js';
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
    expect(reopened.isActive('120363000000000001@g.us')).toBe(true);
    expect(reopened.isActive('120363000000000002@g.us')).toBe(false);
    expect(reopened.isActive('120363000000000003@g.us')).toBeUndefined();
    expect(reopened.list()).toEqual([
      { chatId: '120363000000000001@g.us', active: true, updatedBy: '51987654321', updatedAt: at },
      { chatId: '120363000000000002@g.us', active: false, updatedBy: '51911111111', updatedAt: at },
    ]);
    second.close();
  });
});
