import { describe, expect, it } from 'vitest';
import { isOwner, personalNumber, senderKey } from '../../src/bot/guards.js';
import type { TextMessage } from '../../src/transports/transport.js';
import { createTestRouter, defaultPolicy, fakeLookup } from '../helpers/fakes.js';
import {
  ADMIN_PHONE,
  directMessage,
  GROUP_ID,
  groupMessage,
  jid,
  MEMBER_PHONE,
} from '../helpers/messages.js';

const OTHER_GROUP = '120363000000000002@g.us';
const MEMBER = jid(MEMBER_PHONE);
const lookup = fakeLookup({ dni: async () => ({ nombres: 'ROSA ELENA' }) as never });
const sentTexts = (sent: { message: unknown }[]) => sent.map((s) => (s.message as TextMessage).text);

describe('allowed groups', () => {
  it('stays silent in a group that is not allowed, even for valid commands', async () => {
    const { router, transport } = createTestRouter();
    const result = await router.handle(groupMessage('/ruc 20123456786', { chatId: OTHER_GROUP }));
    expect(result).toMatchObject({ outcome: 'ignored', reason: 'inactive-group' });
    expect(transport.sent).toEqual([]);
  });

  it('allows a group configured by name when the subject matches, ignoring case and accents', async () => {
    const { router } = createTestRouter({
      policy: { groups: [{ name: 'CONTABILIDAD', personalData: false }] },
    });
    const result = await router.handle(groupMessage('tc', { chatId: OTHER_GROUP, chatName: 'Contabilidád' }));
    expect(result.outcome).toBe('ok');
  });

  it('allows a group configured by name through the group directory when the subject is unknown', async () => {
    const { router } = createTestRouter({
      policy: { groups: [{ name: 'Contabilidad', personalData: false }] },
      resolveName: async (name) => (name === 'Contabilidad' ? OTHER_GROUP : undefined),
    });
    const message = groupMessage('tc', { chatId: OTHER_GROUP });
    delete message.chatName;
    const result = await router.handle(message);
    expect(result.outcome).toBe('ok');
  });

  it('stays silent when the group directory fails', async () => {
    const { router } = createTestRouter({
      policy: { groups: [{ name: 'Contabilidad', personalData: false }] },
      resolveName: async () => {
        throw new Error('messaging host down');
      },
    });
    const message = groupMessage('tc', { chatId: OTHER_GROUP });
    delete message.chatName;
    const result = await router.handle(message);
    expect(result.outcome).toBe('ignored');
  });

  it('lets an admin override win over the config: deactivated group goes silent', async () => {
    const { router, groupSettings, transport } = createTestRouter();
    groupSettings.values.set(GROUP_ID, false);
    expect((await router.handle(groupMessage('tc'))).reason).toBe('inactive-group');
    expect(transport.sent).toEqual([]);
  });

  it('runs commands marked worksInInactiveGroups for admins only', async () => {
    const { router, transport, groupSettings } = createTestRouter();
    const byMember = await router.handle(
      groupMessage('activar', { chatId: OTHER_GROUP, senderIds: [MEMBER] }),
    );
    expect(byMember.outcome).toBe('ignored');
    const byAdmin = await router.handle(groupMessage('activar', { chatId: OTHER_GROUP }));
    expect(byAdmin.outcome).toBe('ok');
    expect(groupSettings.values.get(OTHER_GROUP)).toBe(true);
    expect(sentTexts(transport.sent)).toEqual(['activado']);
    expect((await router.handle(groupMessage('tc', { chatId: OTHER_GROUP }))).outcome).toBe('ok');
  });
});

describe('roles', () => {
  it('denies admin commands to members once, with the template', async () => {
    const { router, transport } = createTestRouter();
    const result = await router.handle(groupMessage('grupos', { senderIds: [MEMBER] }));
    expect(result).toMatchObject({ outcome: 'denied', reason: 'admin', template: 'errors/denied-admin' });
    expect(sentTexts(transport.sent)).toEqual(['errors/denied-admin {"command":"grupos","owners":true}']);
  });

  it('treats group admins as admins only when configured', async () => {
    const message = () => groupMessage('activar', { senderIds: [MEMBER], senderIsGroupAdmin: true });
    expect((await createTestRouter().router.handle(message())).outcome).toBe('denied');
    const allowing = createTestRouter({ policy: { groupAdminsAreAdmins: true } });
    expect((await allowing.router.handle(message())).outcome).toBe('ok');
  });

  it('never lets a group admin run company-wide (owner) commands, even in a configured group', async () => {
    const { router, transport } = createTestRouter({ policy: { groupAdminsAreAdmins: true } });
    const result = await router.handle(
      groupMessage('grupos', { senderIds: [MEMBER], senderIsGroupAdmin: true }),
    );
    expect(result).toMatchObject({ outcome: 'denied', reason: 'admin' });
    expect(sentTexts(transport.sent)).toEqual(['errors/denied-admin {"command":"grupos","owners":true}']);
  });

  it('gives no powers to the admin of a group nobody allowed: activar there is silent', async () => {
    const { router, transport, groupSettings } = createTestRouter({ policy: { groupAdminsAreAdmins: true } });
    const byCreator = groupMessage('activar', {
      chatId: OTHER_GROUP,
      senderIds: [MEMBER],
      senderIsGroupAdmin: true,
    });
    expect(await router.handle(byCreator)).toMatchObject({ outcome: 'ignored', reason: 'inactive-group' });
    expect(groupSettings.values.get(OTHER_GROUP)).toBeUndefined();
    expect(transport.sent).toEqual([]);
  });

  it("lets a group admin manage a group an owner allowed, and keeps the owner's allowance", async () => {
    const { router, groupSettings } = createTestRouter({ policy: { groupAdminsAreAdmins: true } });
    const groupAdmin = { chatId: OTHER_GROUP, senderIds: [MEMBER], senderIsGroupAdmin: true };
    expect((await router.handle(groupMessage('activar', { chatId: OTHER_GROUP }))).outcome).toBe('ok');
    expect(groupSettings.ownerAllowed(OTHER_GROUP)).toBe(true);
    groupSettings.setActive(OTHER_GROUP, false, MEMBER);
    expect((await router.handle(groupMessage('activar', groupAdmin))).outcome).toBe('ok');
    expect(groupSettings.values.get(OTHER_GROUP)).toBe(true);
    expect((await router.handle(groupMessage('grupos', groupAdmin))).outcome).toBe('denied');
  });

  it('recognises an admin by the phone id when the message also carries a LID', () => {
    const policy = defaultPolicy();
    const message = groupMessage('grupos', {
      senderIds: ['123456789012345@lid', `${ADMIN_PHONE}:7@s.whatsapp.net`],
    });
    expect(isOwner(message, policy)).toBe(true);
    expect(isOwner(groupMessage('x', { senderIds: ['123456789012345@lid'] }), policy)).toBe(false);
  });

  it('reads a change of the owners list at once, an owner added or removed in place included', () => {
    const admins = [ADMIN_PHONE];
    const policy = { ...defaultPolicy(), admins };
    const lid = groupMessage('grupos', { senderIds: ['123456789012345:3@lid'] });
    expect(isOwner(lid, policy)).toBe(false);
    admins.push('123456789012345@lid');
    expect(isOwner(lid, policy)).toBe(true);
    admins[1] = '51911111111';
    expect(isOwner(lid, policy)).toBe(false);
    expect(isOwner(groupMessage('x', { senderIds: ['51911111111@s.whatsapp.net'] }), policy)).toBe(true);
    expect(isOwner(lid, { ...policy, admins: ['123456789012345@lid'] })).toBe(true);
    expect(isOwner(lid, { ...policy, admins: [] })).toBe(false);
  });
});

describe('personal data', () => {
  it('allows personal-data commands in a group marked for them', async () => {
    const { router } = createTestRouter({ lookup });
    expect((await router.handle(groupMessage('dni 45678912'))).outcome).toBe('ok');
  });

  it('denies them in an allowed group not marked for personal data', async () => {
    const { router, transport } = createTestRouter({
      lookup,
      policy: { groups: [{ id: OTHER_GROUP, personalData: false }] },
    });
    const result = await router.handle(groupMessage('dni 45678912', { chatId: OTHER_GROUP }));
    expect(result).toMatchObject({ outcome: 'denied', reason: 'personal-data' });
    expect(sentTexts(transport.sent)).toEqual(['errors/denied-personal-data {"command":"dni"}']);
  });

  it('allows them in an admin direct chat but not in a member direct chat', async () => {
    const { router } = createTestRouter({ lookup, policy: { directChats: 'everyone' } });
    expect((await router.handle(directMessage('dni 45678912'))).outcome).toBe('ok');
    const member = await router.handle(directMessage('dni 45678912', { senderIds: [MEMBER] }));
    expect(member).toMatchObject({ outcome: 'denied', reason: 'personal-data' });
  });
});

describe('direct chats', () => {
  it('answers members with denied-direct by default', async () => {
    const { router, transport } = createTestRouter();
    const result = await router.handle(directMessage('tc', { senderIds: [MEMBER] }));
    expect(result).toMatchObject({ outcome: 'denied', reason: 'direct' });
    expect(sentTexts(transport.sent)).toEqual(['errors/denied-direct']);
  });

  it('serves members when direct chats are open to everyone', async () => {
    const { router } = createTestRouter({ policy: { directChats: 'everyone' } });
    expect((await router.handle(directMessage('tc', { senderIds: [MEMBER] }))).outcome).toBe('ok');
  });
});

describe('rate limit', () => {
  it('answers the first message over the limit once, then stays silent until the window passes', async () => {
    let now = Date.parse('2026-11-20T15:00:00Z');
    const { router, transport } = createTestRouter({
      policy: { rateLimitPerMinute: 3 },
      now: () => new Date(now),
    });
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push((await router.handle(groupMessage('tc', { senderIds: [MEMBER] }))).outcome);
      now += 1000;
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'denied', 'ignored', 'ignored']);
    expect(sentTexts(transport.sent).filter((t) => t.startsWith('errors/'))).toEqual([
      'errors/rate-limited-user {"seconds":57}',
    ]);
    now += 60_000;
    expect((await router.handle(groupMessage('tc', { senderIds: [MEMBER] }))).outcome).toBe('ok');
  });

  it('keys the bucket per person: LID and phone of one sender share it, other senders do not', async () => {
    const { router } = createTestRouter({ policy: { rateLimitPerMinute: 2 } });
    const lid = '987654321098765@lid';
    await router.handle(groupMessage('tc', { senderIds: [MEMBER, lid] }));
    await router.handle(groupMessage('tc', { senderIds: [lid, MEMBER] }));
    const third = await router.handle(
      groupMessage('tc', { senderIds: [lid, `${MEMBER_PHONE}:3@s.whatsapp.net`] }),
    );
    expect(third).toMatchObject({ outcome: 'denied', reason: 'rate-limited' });
    expect((await router.handle(groupMessage('tc', { senderIds: [jid(ADMIN_PHONE)] }))).outcome).toBe('ok');
  });

  it('uses the phone digits as the key whenever a phone id is present', () => {
    expect(senderKey(groupMessage('x', { senderIds: ['1@lid', `${MEMBER_PHONE}@s.whatsapp.net`] }))).toBe(
      MEMBER_PHONE,
    );
    expect(senderKey(groupMessage('x', { senderIds: ['1@lid'] }))).toBe('1@lid');
  });

  it('does not count ignored chatter against the limit', async () => {
    const { router } = createTestRouter({ policy: { rateLimitPerMinute: 1 } });
    for (let i = 0; i < 5; i++) await router.handle(groupMessage('buenos días', { senderIds: [MEMBER] }));
    expect((await router.handle(groupMessage('tc', { senderIds: [MEMBER] }))).outcome).toBe('ok');
  });

  it('counts lookups in silent groups as nothing at all', async () => {
    const { router } = createTestRouter({ policy: { rateLimitPerMinute: 1 } });
    await router.handle(groupMessage('tc', { chatId: OTHER_GROUP, senderIds: [MEMBER] }));
    expect((await router.handle(groupMessage('tc', { senderIds: [MEMBER] }))).outcome).toBe('ok');
  });
});

describe('personal numbers outside personal-data chats', () => {
  it('keeps only the last 3 characters of each number, and the words around it', () => {
    expect(personalNumber('DNI 41234567', false)).toBe('DNI •••••567');
    expect(personalNumber('Q41234567', false)).toBe('••••••567');
    expect(personalNumber('CARNET DE EXTRANJERIA 001234567', false)).toBe('CARNET DE EXTRANJERIA ••••••567');
    expect(personalNumber('RUC 10412345671', false)).toBe('RUC ••••••••671');
    expect(personalNumber('DNI 41234567', true)).toBe('DNI 41234567');
    expect(personalNumber(undefined, false)).toBeUndefined();
  });
});
