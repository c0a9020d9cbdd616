import type { GroupMetadata } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { groupSchema } from '../../../../src/lookup/schemas/group.js';
import {
  createSessionGroupSource,
  GroupMetadataCache,
  groupToRecord,
} from '../../../../src/transports/whatsapp/connection/groups.js';

const GROUP = '120363000000000001@g.us';

function meta(overrides: Partial<GroupMetadata> = {}): GroupMetadata {
  return {
    id: GROUP,
    subject: 'Despacho Lima',
    subjectOwner: '111@lid',
    subjectOwnerPn: '51987654321@s.whatsapp.net',
    subjectTime: 1_700_000_000,
    owner: '111@lid',
    ownerPn: '51987654321@s.whatsapp.net',
    desc: 'Coordinación de despachos',
    descId: 'D1',
    creation: 1_690_000_000,
    restrict: true,
    announce: false,
    ephemeralDuration: 86_400,
    joinApprovalMode: false,
    memberAddMode: true,
    addressingMode: 'lid' as GroupMetadata['addressingMode'],
    size: 2,
    participants: [
      { id: '111@lid', phoneNumber: '51987654321@s.whatsapp.net', admin: 'superadmin', notify: 'Rosa' },
      { id: '51911222333@s.whatsapp.net', lid: '222@lid', admin: null },
    ],
    ...overrides,
  };
}

describe('group metadata cache', () => {
  it('merges partial groups.update payloads into known groups and ignores unknown ones', () => {
    const cache = new GroupMetadataCache();
    cache.replaceAll({ [GROUP]: meta() });
    cache.update([
      { id: GROUP, subject: 'Despacho Lima Norte', author: '111@lid' },
      { id: 'x@g.us', subject: 'otro' },
    ]);
    expect(cache.get(GROUP)).toMatchObject({
      subject: 'Despacho Lima Norte',
      desc: 'Coordinación de despachos',
    });
    expect(cache.get(GROUP)).not.toHaveProperty('author');
    expect(cache.get('x@g.us')).toBeUndefined();
  });

  it('applies participant add, promote, demote and remove, matching LID or PN forms', () => {
    const cache = new GroupMetadataCache();
    cache.replaceAll({ [GROUP]: meta() });
    const event = { id: GROUP, author: '111@lid' };
    cache.participants({
      ...event,
      action: 'add',
      participants: [{ id: '333@lid', phoneNumber: '51922333444@s.whatsapp.net' }],
    });
    expect(cache.get(GROUP)?.size).toBe(3);
    cache.participants({ ...event, action: 'promote', participants: [{ id: '51922333444@s.whatsapp.net' }] });
    expect(cache.get(GROUP)?.participants.find((p) => p.id === '333@lid')?.admin).toBe('admin');
    cache.participants({ ...event, action: 'demote', participants: [{ id: '333@lid' }] });
    expect(cache.get(GROUP)?.participants.find((p) => p.id === '333@lid')?.admin).toBeNull();
    cache.participants({ ...event, action: 'remove', participants: [{ id: '222@lid' }] });
    expect(cache.get(GROUP)?.participants.map((p) => p.id)).toEqual(['111@lid', '333@lid']);
  });

  it('forgets a group when the bot itself is removed from it', () => {
    const cache = new GroupMetadataCache();
    cache.replaceAll({ [GROUP]: meta() });
    cache.participants(
      { id: GROUP, author: '111@lid', action: 'remove', participants: [{ id: '999@lid' }] },
      ['51900000001@s.whatsapp.net', '999@lid'],
    );
    expect(cache.get(GROUP)).toBeUndefined();
  });
});

describe('group record 2.16 from the session', () => {
  it('maps Baileys metadata field by field (notes mapping) into a schema-valid record', () => {
    const record = groupToRecord(meta());
    expect(groupSchema.parse(record)).toEqual(record);
    expect(record).toMatchObject({
      JID: GROUP,
      OwnerJID: '111@lid',
      OwnerPN: '51987654321@s.whatsapp.net',
      Name: 'Despacho Lima',
      NameSetAt: '2023-11-14T22:13:20.000Z',
      NameSetBy: '111@lid',
      Topic: 'Coordinación de despachos',
      TopicID: 'D1',
      IsLocked: true,
      IsAnnounce: false,
      DisappearingTimer: 86_400,
      IsEphemeral: true,
      GroupCreated: new Date(1_690_000_000_000).toISOString(),
      IsParent: false,
      IsDefaultSubGroup: false,
      IsJoinApprovalRequired: false,
      AddressingMode: 'lid',
      ParticipantCount: 2,
      MemberAddMode: 'all_member_add',
    });
    expect(record.Participants).toEqual([
      {
        JID: '111@lid',
        LID: '111@lid',
        PhoneNumber: '51987654321@s.whatsapp.net',
        IsAdmin: true,
        IsSuperAdmin: true,
        DisplayName: 'Rosa',
        Error: 0,
        AddRequest: '',
      },
      {
        JID: '51911222333@s.whatsapp.net',
        LID: '222@lid',
        PhoneNumber: '51911222333@s.whatsapp.net',
        IsAdmin: false,
        IsSuperAdmin: false,
        DisplayName: '',
        Error: 0,
        AddRequest: '',
      },
    ]);
  });

  it('lists the cached groups as records for the directory', async () => {
    const cache = new GroupMetadataCache();
    const source = createSessionGroupSource(cache);
    expect(await source()).toEqual([]);
    cache.replaceAll({
      [GROUP]: meta(),
      '120363000000000002@g.us': meta({ id: '120363000000000002@g.us', subject: 'Contabilidad' }),
    });
    expect((await source()).map((g) => g.Name)).toEqual(['Despacho Lima', 'Contabilidad']);
  });
});
