import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../../src/bot/ports.js';
import { createServiceRegistry, provide } from '../../src/bot/registry.js';
import { loadChatNames } from '../../src/console/names.js';
import type { Group } from '../../src/lookup/schemas/group.js';

const drivers = { list: () => [{ documentNumber: '45678912', phone: '51912345678', source: 'chat' }] };
const services = (list: () => Promise<Group[]>) =>
  ({
    directory: { list, resolveName: async () => undefined },
    registry: createServiceRegistry([provide(DRIVERS, drivers as never)]),
  }) as never;

describe('chat names for the console', () => {
  it('names groups, drivers, direct chats and the usage log accounts instead of showing ids', async () => {
    const names = await loadChatNames({
      services: services(async () => [{ JID: '120363000000000201@g.us', Name: 'Contabilidad' } as Group]),
    });
    expect(names.of('120363000000000201@g.us')).toEqual({
      kind: 'group',
      name: 'Contabilidad',
      id: '120363000000000201@g.us',
    });
    expect(names.of('120363000000000299@g.us')).toEqual({ kind: 'group', id: '120363000000000299@g.us' });
    expect(names.of('51912345678@s.whatsapp.net')).toEqual({
      kind: 'driver',
      document: '45678912',
      phone: '+51912345678',
    });
    expect(names.of('51987654321@s.whatsapp.net')).toEqual({ kind: 'direct', phone: '+51987654321' });
    expect(names.of('*********321@s.whatsapp.net')).toEqual({ kind: 'direct', phone: '…321' });
    expect(names.of('99900000077@lid')).toEqual({ kind: 'direct' });
    expect(names.of('direct:3f9a')).toEqual({ kind: 'directs' });
    expect(names.of('chasqui:vigilados')).toEqual({ kind: 'watch' });
  });

  it('keeps working without the directory, saying why it could not read it', async () => {
    const names = await loadChatNames({
      services: services(async () => Promise.reject(new Error('HTTP 502'))),
    });
    expect(names.error).toBe('HTTP 502');
    expect(names.of('120363000000000201@g.us')).toEqual({ kind: 'group', id: '120363000000000201@g.us' });
  });
});
