import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';
import { GROUP_ID, GROUP_NAME } from '../helpers/messages.js';

/** Who may run what: personal-data commands only in groups marked for them, admin commands only for admins. */
const CONTABILIDAD = '120363000000000002@g.us';
const NOW = new Date('2026-11-22T15:00:00Z');

let harness: BotHarness;

beforeAll(async () => {
  harness = await createBotHarness({
    now: () => NOW,
    config: {
      groups: [
        { id: GROUP_ID, name: GROUP_NAME, personalData: true, schedules: [] },
        { id: CONTABILIDAD, name: 'Contabilidad', personalData: false, schedules: [] },
      ],
    },
  });
});
afterAll(async () => {
  await harness.close();
});

const personal = [
  'dni 45678912',
  'dniruc 45678912',
  'ce 001234567',
  'cee 000765432',
  'ci 12345678901',
  'licencia 41234567',
];

describe('personal data (Ley 29733)', () => {
  it.each(personal)(
    '%j is denied in a group not marked for personal data, without an API call',
    async (text) => {
      const before = harness.sandbox.requestCount();
      const replies = harness.texts(await harness.send(text, { chatId: CONTABILIDAD }));
      expect(replies).toHaveLength(1);
      expect(replies[0]).toContain('consulta datos personales y no está habilitado en este chat');
      expect(harness.sandbox.requestCount()).toBe(before);
    },
  );

  it('non-personal lookups still work in that group', async () => {
    const [reply] = harness.texts(await harness.send('ruc 20123456786', { chatId: CONTABILIDAD }));
    expect(reply).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it.each(personal)('%j is answered in the group marked for personal data', async (text) => {
    const [reply] = harness.texts(await harness.send(text, { chatId: GROUP_ID }));
    expect(reply).not.toContain('datos personales');
    expect(reply).toMatch(/^\*|El DNI/);
  });
});

describe('admin commands', () => {
  it.each(['activar', 'desactivar'])('%j is refused to a member', async (text) => {
    const replies = harness.texts(await harness.send(text, { admin: false }));
    expect(replies).toEqual([`El comando *${text}* es solo para administradores.`]);
  });

  it.each(['grupos', 'uso'])('%j is refused to a member, as an owners-only command', async (text) => {
    const replies = harness.texts(await harness.send(text, { admin: false }));
    expect(replies).toEqual([
      `El comando *${text}* es solo para administradores de Chasqui (los números que configuró la empresa).`,
    ]);
  });

  it.each(['vigilar 20601234565', 'dejar de vigilar 20601234565'])(
    '%j is refused to a member (it spends credits every day), without an API call',
    async (text) => {
      const before = harness.sandbox.requestCount();
      const replies = harness.texts(await harness.send(text, { admin: false }));
      expect(replies).toEqual([`El comando *${text.split(' ')[0]}* es solo para administradores.`]);
      expect(harness.sandbox.requestCount()).toBe(before);
    },
  );

  it('ayuda hides admin commands from members and shows them to admins', async () => {
    const [member] = harness.texts(await harness.send('ayuda', { admin: false }));
    expect(member).not.toContain('*grupos*');
    expect(member).toContain('*ruc*');
    const [admin] = harness.texts(await harness.send('ayuda', { admin: true }));
    expect(admin).toContain('*grupos*');
  });
});
