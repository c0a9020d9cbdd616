import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flushPending } from '../../../src/store/write-behind.js';
import { useBotHarness } from '../../helpers/bot-harness.js';
import { ADMIN_PHONE } from '../../helpers/messages.js';

/**
 * Phone numbers never reach the database file in clear: direct-chat lookups are logged under a
 * keyed pseudonym and `activar` keeps only a pseudonym of the admin who used it.
 */
const h = useBotHarness();

/** Every file of the data directory (database, WAL, shared memory) as raw bytes. */
function rawStore(): string {
  return readdirSync(h.dataDir)
    .map((name) => readFileSync(path.join(h.dataDir, name)).toString('latin1'))
    .join('\n');
}

describe('activar and direct-chat lookups leave no phone number in the store', () => {
  it('keeps the admin number out of usage_log, group_settings and the raw file bytes', async () => {
    expect(h.texts(await h.send('ruc 20123456786', { isGroup: false }))[0]).toContain('TRANSPORTES');
    expect(h.texts(await h.send('placa ABC123', { isGroup: false }))[0]).toContain('VOLVO');
    expect(h.texts(await h.send('activar'))[0]).toContain('activado');

    flushPending(h.app.db); // usage rows are written behind
    const usage = h.app.db.prepare('SELECT chat_id FROM usage_log').all() as { chat_id: string }[];
    expect(usage.map((row) => row.chat_id)).toEqual([
      expect.stringMatching(/^direct:[0-9a-f]{16}$/),
      expect.stringMatching(/^direct:[0-9a-f]{16}$/),
    ]);
    const settings = h.app.db.prepare('SELECT updated_by FROM group_settings').all() as {
      updated_by: string;
    }[];
    expect(settings).toEqual([{ updated_by: expect.stringMatching(/^hmac:[0-9a-f]{16}$/) }]);

    expect(rawStore()).not.toContain(ADMIN_PHONE);
    await h.restart();
    expect(rawStore()).not.toContain(ADMIN_PHONE);
  });
});
