import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPseudonymizer } from '../../src/store/keyed-crypto.js';
import { createBotHarness } from '../helpers/bot-harness.js';
import { captureLogger, createTestRouter, fakeLookup, testPseudonym as pseudonym } from '../helpers/fakes.js';
import {
  ADMIN_PHONE,
  directMessage,
  GROUP_ID,
  groupMessage,
  jid,
  MEMBER_PHONE,
} from '../helpers/messages.js';

const lookup = fakeLookup({
  dni: async () => ({ nombres: 'ROSA ELENA', nombre_completo: 'QUISPE MAMANI, ROSA ELENA' }) as never,
});

function outcomeLines(lines: Record<string, unknown>[]) {
  return lines.filter((line) => typeof line.outcome === 'string');
}

describe('outcome log', () => {
  it('logs exactly one line per message with outcome, command, chat, sender pseudonym and duration', async () => {
    const capture = captureLogger();
    const { router } = createTestRouter({ lookup, logger: capture.logger });
    await router.handle(groupMessage('dni 45678912', { senderName: 'Rosa Quispe' }));
    await router.handle(groupMessage('hola a todos'));
    const lines = outcomeLines(capture.lines());
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      outcome: 'ok',
      command: 'dni',
      chat: GROUP_ID,
      sender: pseudonym(ADMIN_PHONE),
    });
    expect(typeof lines[0]?.durationMs).toBe('number');
    expect(lines[1]).toMatchObject({ outcome: 'ignored', reason: 'chatter', level: 20 });
  });

  it('names every outcome: ignored, unknown, denied, invalid, ok, failed', async () => {
    const capture = captureLogger();
    const { router } = createTestRouter({ lookup, logger: capture.logger });
    for (const text of ['nada', '/nadaa', 'grupos', 'dni 123', 'dni 45678912', 'falla 1']) {
      const senderIds = text === 'grupos' ? [jid(MEMBER_PHONE)] : [jid(ADMIN_PHONE)];
      await router.handle(groupMessage(text, { senderIds }));
    }
    expect(outcomeLines(capture.lines()).map((line) => line.outcome)).toEqual([
      'ignored',
      'unknown',
      'denied',
      'invalid',
      'ok',
      'failed',
    ]);
  });

  it('never logs message text, DNI numbers, names or phone numbers', async () => {
    const capture = captureLogger();
    const { router } = createTestRouter({
      lookup,
      logger: capture.logger,
      policy: { directChats: 'everyone' },
    });
    await router.handle(groupMessage('dni 45678912', { senderName: 'Rosa Quispe' }));
    await router.handle(groupMessage('dni 4567891'));
    await router.handle(groupMessage('/dnii 45678912'));
    await router.handle(
      directMessage('dni 45678912', { senderIds: [jid(MEMBER_PHONE)], senderName: 'Carlos' }),
    );
    const raw = capture.raw();
    expect(outcomeLines(capture.lines())).toHaveLength(4);
    for (const secret of [
      '45678912',
      '4567891',
      'ROSA',
      'Rosa',
      'QUISPE',
      'Carlos',
      MEMBER_PHONE,
      ADMIN_PHONE,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(raw).toContain(`direct:${pseudonym(`${MEMBER_PHONE}@s.whatsapp.net`)}`);
  });

  it('pseudonymises numbers with a key from the database secret, not a reversible bare SHA-256', async () => {
    const capture = captureLogger();
    const h = await createBotHarness({ logger: capture.logger });
    try {
      await h.send('placa ABC123', { isGroup: false });
      const hide = createPseudonymizer(h.app.db);
      const first = outcomeLines(capture.lines()).find((line) => line.command === 'placa');
      expect(first).toMatchObject({
        outcome: 'ok',
        sender: hide(ADMIN_PHONE),
        chat: `direct:${hide(jid(ADMIN_PHONE))}`,
      });
      const raw = capture.raw();
      expect(raw).not.toContain(ADMIN_PHONE);
      // Whoever has the log but not the database cannot rebuild these by hashing candidate numbers.
      for (const value of [ADMIN_PHONE, jid(ADMIN_PHONE)]) {
        for (const input of [value, `chasqui:${value}`]) {
          const unkeyed = createHash('sha256').update(input).digest('hex');
          expect(raw).not.toContain(unkeyed.slice(0, 12));
        }
      }
      // Stable across a restart (same database secret), so an admin can follow one user's messages.
      await h.restart();
      await h.send('placa ABC123', { isGroup: false });
      const lines = outcomeLines(capture.lines()).filter((line) => line.command === 'placa');
      expect(lines.map((line) => line.sender)).toEqual([hide(ADMIN_PHONE), hide(ADMIN_PHONE)]);
    } finally {
      await h.close();
    }
  });

  it('the test routers use the keyed pseudonymiser too: no bare hash, stable', () => {
    const unkeyed = createHash('sha256').update(`chasqui:${ADMIN_PHONE}`).digest('hex');
    expect(pseudonym(ADMIN_PHONE)).toMatch(/^[0-9a-f]{16}$/);
    expect(unkeyed.startsWith(pseudonym(ADMIN_PHONE).slice(0, 12))).toBe(false);
    expect(pseudonym(ADMIN_PHONE)).toBe(pseudonym(ADMIN_PHONE));
  });
});
