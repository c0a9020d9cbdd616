import { jidNormalizedUser } from '@whiskeysockets/baileys';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  directChat,
  GROUP_CHAT_LIKE,
  GROUP_ID_SHAPE,
  groupChat,
  groupUser,
  idDigits,
  isGroupChat,
  isLid,
  isPhoneId,
  normalizeId,
  phoneOf,
  rewritePersonIds,
} from '../../src/transports/ids.js';
import { openDatabase } from '../../src/store/sqlite.js';

/** The rule as it was first written: the user part, without the device, digits only. */
const byParts = (id: string) => ((id.split('@')[0] ?? '').split(':')[0] ?? '').replace(/\D/g, '');

/** Ids as WhatsApp writes them, and the odd ones the bot must not misread. */
const idText = fc.string({
  unit: fc.constantFrom(
    '5',
    '1',
    '9',
    '0',
    '@',
    ':',
    '_',
    '.',
    '-',
    'a',
    's',
    'g',
    'c',
    'u',
    'l',
    'i',
    'd',
    '+',
  ),
  maxLength: 24,
});

describe('idDigits', () => {
  it('keeps the digits of the user part, before the device and the domain', () => {
    expect(idDigits('51987654321:12@s.whatsapp.net')).toBe('51987654321');
    expect(idDigits('123456789@lid')).toBe('123456789');
    expect(idDigits('+51 987 654 321')).toBe('51987654321');
    expect(idDigits('@s.whatsapp.net')).toBe('');
  });

  it('reads every id as the split-and-strip rule does', () => {
    const id = fc.string({
      unit: fc.constantFrom('5', '1', '9', '0', '@', ':', '.', 'a', '+', ' ', '٣', 'x'),
      maxLength: 24,
    });
    fc.assert(
      fc.property(id, (value) => {
        expect(idDigits(value)).toBe(byParts(value));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('building and telling ids apart', () => {
  it('builds a phone number’s direct chat and a group id', () => {
    expect(directChat('51987654321')).toBe('51987654321@s.whatsapp.net');
    expect(groupChat('120363000000000001')).toBe('120363000000000001@g.us');
  });

  it('tells groups, LIDs and phone-number ids apart', () => {
    const group = '120363000000000001@g.us';
    const lid = '123456789012345@lid';
    const phone = '51987654321@s.whatsapp.net';
    expect([group, lid, phone, '51987654321@c.us', 'status@broadcast'].map(isGroupChat)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([group, lid, phone, '51987654321'].map(isLid)).toEqual([false, true, false, false]);
    expect([group, lid, phone, '51987654321@c.us', '51987654321'].map(isPhoneId)).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('reads the phone number of a phone-number id only', () => {
    expect(phoneOf('51987654321:3@s.whatsapp.net')).toBe('51987654321');
    expect(phoneOf('51987654321@c.us')).toBe('51987654321');
    expect(phoneOf('123456789012345@lid')).toBeUndefined();
    expect(phoneOf('120363000000000001@g.us')).toBeUndefined();
    expect(phoneOf('51987654321')).toBeUndefined();
  });

  it('labels a group by its user part and leaves any other id alone', () => {
    expect(groupUser('120363000000000001@g.us')).toBe('120363000000000001');
    expect(groupUser('120363000000000001-1690000000@g.us')).toBe('120363000000000001-1690000000');
    expect(groupUser('chasqui:vigilados')).toBe('chasqui:vigilados');
    expect(groupUser('51987654321@s.whatsapp.net')).toBe('51987654321@s.whatsapp.net');
  });

  it('accepts the group ids a config may name and nothing else', () => {
    expect(GROUP_ID_SHAPE.test('120363000000000001@g.us')).toBe(true);
    expect(GROUP_ID_SHAPE.test('51987654321-1690000000@g.us')).toBe(true);
    expect(GROUP_ID_SHAPE.test('51987654321@s.whatsapp.net')).toBe(false);
    expect(GROUP_ID_SHAPE.test('Despacho Lima')).toBe(false);
    expect(GROUP_ID_SHAPE.test('120363000000000001@g.usx')).toBe(false);
  });

  it('matches group ids, and only them, in SQL', () => {
    const db = openDatabase({ dir: ':memory:' });
    try {
      const like = db.prepare<[string], { hit: number }>(`SELECT ? LIKE '${GROUP_CHAT_LIKE}' AS hit`);
      expect(like.get('120363000000000001@g.us')?.hit).toBe(1);
      expect(like.get('51987654321@s.whatsapp.net')?.hit).toBe(0);
      expect(like.get('direct:abc')?.hit).toBe(0);
    } finally {
      db.close();
    }
  });
});

describe('normalizeId', () => {
  it('drops the device and agent parts and reads the legacy server as the phone server', () => {
    expect(normalizeId('51987654321:12@s.whatsapp.net')).toBe('51987654321@s.whatsapp.net');
    expect(normalizeId('123456789012345:3@lid')).toBe('123456789012345@lid');
    expect(normalizeId('51987654321_1:2@s.whatsapp.net')).toBe('51987654321@s.whatsapp.net');
    expect(normalizeId('51987654321@c.us')).toBe('51987654321@s.whatsapp.net');
    expect(normalizeId('120363000000000001@g.us')).toBe('120363000000000001@g.us');
    expect(normalizeId('no id here')).toBe('no id here');
  });

  it('agrees with Baileys’ own jidNormalizedUser on any text', () => {
    fc.assert(
      fc.property(idText, (value) => {
        expect(normalizeId(value)).toBe(jidNormalizedUser(value) || value);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('rewritePersonIds', () => {
  it('rewrites the digits of phone-number ids and LIDs, dropping the device, and keeps group ids', () => {
    const text =
      'chat 51987654321:4@s.whatsapp.net, 123456789012345@lid, 51912345678@c.us en 120363000000000001@g.us';
    expect(rewritePersonIds(text, (digits) => `<${digits.length}>`)).toBe(
      'chat <11>@s.whatsapp.net, <15>@lid, <11>@c.us en 120363000000000001@g.us',
    );
  });

  it('leaves short numbers and plain text alone', () => {
    expect(rewritePersonIds('código 12345@lid y RUC 20123456786', () => 'x')).toBe(
      'código 12345@lid y RUC 20123456786',
    );
  });
});
