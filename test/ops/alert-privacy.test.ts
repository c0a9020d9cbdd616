import { describe, expect, it } from 'vitest';
import { outboxFailedAlert } from '../../src/cli/start.js';
import { parseConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { webhookPayload } from '../../src/ops/alert-webhook.js';
import type { Alert } from '../../src/ops/alerts.js';
import { createOpsRuntime } from '../../src/ops/runtime.js';
import { openDatabase } from '../../src/store/sqlite.js';
import type { OutboxItem } from '../../src/store/outbox.js';
import type { OutgoingMessage } from '../../src/transports/transport.js';

/**
 * Alerts leave the process, to a webhook and to the owners' chats (issue 19): a direct chat's id
 * is a person's phone number (or LID), so only its last 3 digits go out. Group ids stay whole.
 */
const DIRECT = '51912345678@s.whatsapp.net';
const LID = '123456789012345:7@lid';
const GROUP = '120363000000000001@g.us';

function runtime() {
  const db = openDatabase({ dir: ':memory:' });
  const config = parseConfig({ admins: ['51987654321'] }, { CHASQUI_CONSOLE_PORT: 'off' });
  const ops = createOpsRuntime({ config, db, logger: silentLogger() });
  const webhook: Alert[] = [];
  ops.alerts.addSink((alert) => void webhook.push(alert));
  return { ops, db, config, webhook };
}

const failed = (chatId: string): OutboxItem => ({
  id: 7,
  chatId,
  message: { kind: 'text', text: 'hola' },
  waId: '3EB0ALERT0001',
  attempts: 5,
  failures: 5,
});

describe('alerts carry no phone number of a direct chat', () => {
  it('an outbox failure in a direct chat reaches the webhook masked; a group stays whole', async () => {
    const { ops, db, webhook } = runtime();
    ops.onOutboxFailed(failed(DIRECT), new Error(`send to ${DIRECT} failed: 463`));
    ops.onOutboxFailed(failed(GROUP), new Error('timed out'));
    await ops.alerts.idle();
    const payloads = webhook.map((alert) => webhookPayload(alert, 'chasqui'));
    expect(payloads[0]?.details).toEqual({
      chat: '********678@s.whatsapp.net',
      attempts: 5,
      reason: 'send to ********678@s.whatsapp.net failed: 463',
    });
    expect(payloads[1]?.details).toMatchObject({ chat: GROUP });
    expect(JSON.stringify(payloads)).not.toContain('51912345678');
    expect(ops.alerts.recent().map((alert) => alert.details.chat)).toEqual([
      GROUP,
      '********678@s.whatsapp.net',
    ]);
    await ops.close();
    db.close();
  });

  it('owners on WhatsApp get the alert with the direct chat and a LID masked', async () => {
    const { ops, db, config } = runtime();
    const sent: { chatId: string; message: OutgoingMessage }[] = [];
    const transport = {
      send: async (chatId: string, message: OutgoingMessage) => void sent.push({ chatId, message }),
    };
    await ops.attach({
      app: { router: { handle: async () => ({ outcome: 'ok' }) }, services: {} as never, config },
      setup: { transport: transport as never, outbox: {} as never },
      sandbox: true,
      say: () => {},
    });
    ops.onStatus({ kind: 'open', selfIds: ['51900000001@s.whatsapp.net'] });
    ops.alerts.raise('schedule-failed', { group: DIRECT, job: 'tc', note: `sender ${LID}` });
    await ops.alerts.idle();
    expect(sent.map((s) => (s.message.kind === 'text' ? s.message.text : ''))).toEqual([
      '⚠️ Chasqui: Una publicación programada falló (group: ********678@s.whatsapp.net, job: tc, note: sender ************345@lid)',
    ]);
    await ops.close();
    db.close();
  });

  it('the terminal line of chasqui start masks it too', () => {
    const line = outboxFailedAlert(failed(DIRECT), new Error('463'));
    expect(line).toContain('un mensaje para ********678@s.whatsapp.net no se pudo enviar');
    expect(line).not.toContain('51912345678');
  });
});
