import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig, describeConfig } from '../../../src/config.js';
import { silentLogger } from '../../../src/logger.js';
import { createOpsRuntime } from '../../../src/ops/runtime.js';
import { openDatabase } from '../../../src/app/database.js';
import { waitFor, waText } from '../../helpers/fake-socket.js';
import { attachOps } from '../../helpers/ops-attach.js';
import { startWhatsAppApp, WA_GROUP, type WhatsAppApp } from '../../helpers/whatsapp-app.js';

/**
 * An owner WhatsApp shows only by LID (a username, a business-scoped id: no phone number in the
 * message, none Baileys can map), configured by that LID: recognised as owner in a group and in
 * their LID chat, told about alerts in that chat, and never confused with a phone number that
 * happens to have the same digits.
 */
const OWNER_LID = '187654321098765@lid';
const SAME_DIGITS_PN = '187654321098765@s.whatsapp.net';

let wa: WhatsAppApp | undefined;
afterEach(async () => {
  await wa?.close();
  wa = undefined;
});

const textsTo = (app: WhatsAppApp, jid: string) =>
  app.fake.server.sent.flatMap((s) => (s.jid === jid && 'text' in s.content ? [s.content.text] : []));

describe('an owner known only by LID', () => {
  it('reads LIDs in admins and CHASQUI_ADMINS, and masks them in the summary', () => {
    const config = parseConfig({ admins: [OWNER_LID, '+51 987 654 321'] });
    expect(config.admins).toEqual([OWNER_LID, '51987654321']);
    const env = parseConfig({}, { CHASQUI_ADMINS: `187654321098765:4@lid, 51 912 345 678` });
    expect(env.admins).toEqual([OWNER_LID, '51912345678']);
    expect(describeConfig(config).admins).toEqual(['LID ************765', '********321']);
    expect(() => parseConfig({ admins: ['jefe@example.com'] })).toThrow(
      /phone number with country code.*or a LID/,
    );
  });

  it('runs owner commands from a LID with no phone, where a phone with the same digits cannot', async () => {
    const app = await startWhatsAppApp({}, { file: { admins: [OWNER_LID], groups: [{ id: WA_GROUP }] } });
    wa = app;
    app.fake.latest().upsert([waText('grupos', { participant: OWNER_LID })]);
    await waitFor(() => textsTo(app, WA_GROUP).length === 1, 5000, 'the owner answered');
    expect(textsTo(app, WA_GROUP)[0]).not.toContain('solo para administradores');

    app.fake.latest().upsert([waText('grupos', { participant: SAME_DIGITS_PN })]);
    await waitFor(() => textsTo(app, WA_GROUP).length === 2, 5000, 'the stranger answered');
    expect(textsTo(app, WA_GROUP)[1]).toContain('solo para administradores');

    // In the owner's own LID chat (direct chats are for owners only by default).
    app.fake.latest().upsert([waText('uso', { chat: OWNER_LID })]);
    await waitFor(() => textsTo(app, OWNER_LID).length === 1, 5000, 'the direct answer');
    expect(textsTo(app, OWNER_LID)[0]).not.toContain('solo para administradores');
  });

  it('gets the operator alerts in the LID chat', async () => {
    const config = parseConfig({ admins: [OWNER_LID] }, { CHASQUI_CONSOLE_PORT: 'off' });
    const db = openDatabase({ dir: ':memory:' });
    const ops = createOpsRuntime({ config, db, logger: silentLogger() });
    const sent: { chatId: string; text: string }[] = [];
    await attachOps(ops, config, {
      send: async (chatId, message) =>
        void sent.push({ chatId, text: message.kind === 'text' ? message.text : '' }),
    });
    ops.onStatus({ kind: 'open', selfIds: [] });
    ops.alerts.raise('whatsapp-restricted', { phase: 'started' });
    await ops.alerts.idle();
    expect(sent).toEqual([
      { chatId: OWNER_LID, text: expect.stringContaining('Restricción de WhatsApp a los chats nuevos') },
    ]);
    await ops.close();
    db.close();
  });
});
