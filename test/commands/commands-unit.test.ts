import { describe, expect, it } from 'vitest';
import { grupos } from '../../commands/groups/grupos.js';
import { USAGE, uso } from '../../commands/budget/uso.js';
import { createServiceRegistry, provide } from '../../src/bot/registry.js';
import { LookupHttpError } from '../../src/lookup/errors.js';
import { fakeGroup, runCommand } from './fake-context.js';

/** Command logic that the sandbox cannot provoke, through the fake context. */
describe('grupos', () => {
  it('counts participants from ParticipantCount, else from the participant list, and shows toggles', async () => {
    const run = await runCommand(grupos, '', {
      services: {
        directory: {
          list: async () => [fakeGroup('2@g.us', 'Zeta', 3, 12), fakeGroup('1@g.us', 'Álamos', 4, 0)],
          resolveName: async () => undefined,
        },
        groupSettings: {
          isActive: (id) => (id === '2@g.us' ? false : undefined),
          setActive: () => {},
          ownerAllowed: () => false,
        },
      },
    });
    expect(run.replies[0]?.text).toBe(
      '*Grupos del bot* (2)\n• *Álamos* · 4 participantes\n  _1@g.us_\n• *Zeta* · 12 participantes · desactivado\n  _2@g.us_',
    );
  });

  it('does not hide a directory failure (the router answers it)', async () => {
    const down = new LookupHttpError('groups', 503);
    const failing = { list: () => Promise.reject(down), resolveName: async () => undefined };
    await expect(runCommand(grupos, '', { services: { directory: failing } })).rejects.toBe(down);
  });
});

describe('uso', () => {
  const rows = [
    { operation: 'ruc', chatId: '1@g.us', calls: 5, saved: 2 },
    { operation: 'ruc', chatId: '51987654321@s.whatsapp.net', calls: 1, saved: 0 },
    { operation: 'vehicle', chatId: '1@g.us', calls: 7, saved: 0 },
    { operation: 'dni', chatId: '9@g.us', calls: 2, saved: 1 },
  ];

  it('adds up per operation and per chat, naming groups from the directory', async () => {
    const run = await runCommand(uso, '', {
      services: {
        registry: createServiceRegistry([provide(USAGE, { record: () => {}, month: () => rows })]),
        directory: {
          list: async () => [fakeGroup('1@g.us', 'Despacho Lima', 2)],
          resolveName: async () => undefined,
        },
      },
    });
    expect(run.replies[0]?.text).toBe(
      [
        '*Uso de consultas* · noviembre 2026',
        'Consultas: *15* · créditos usados: *12* · ahorradas por la caché: *3*',
        '',
        '*Por consulta*',
        '• Placa: 7',
        '• RUC: 6 (2 de la caché)',
        '• DNI: 2 (1 de la caché)',
        '',
        '*Por chat*',
        '• Despacho Lima: 12 (2 de la caché)',
        '• 9@g.us: 2 (1 de la caché)',
        '• Chat directo (1): 1',
      ].join('\n'),
    );
  });

  it('still answers with ids when the directory is down, and says when nothing was used', async () => {
    const failing = { list: () => Promise.reject(new Error('down')), resolveName: async () => undefined };
    const run = await runCommand(uso, '', {
      services: {
        registry: createServiceRegistry([provide(USAGE, { record: () => {}, month: () => rows })]),
        directory: failing,
      },
    });
    expect(run.replies[0]?.text).toContain('• 1@g.us: 12');
    const empty = await runCommand(uso, '', { services: { directory: failing } });
    expect(empty.replies[0]?.text).toBe('*Uso de consultas* · noviembre 2026\nNo hubo consultas este mes.');
  });
});
