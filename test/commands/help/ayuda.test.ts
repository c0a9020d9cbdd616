import { createUnderstanding } from '../../../src/language/understand/understand.js';
import { describe, expect, it } from 'vitest';
import { ayuda } from '../../../commands/help/ayuda.js';
import { commands } from '../../../src/app/features.js';
import { MAX_TEXT_LENGTH } from '../../../src/transports/transport.js';
import { runCommand } from '../fake-context.js';

const NOW = new Date('2026-11-22T15:00:00Z');
const H5_COMMANDS = [
  'ayuda',
  'ruc',
  'domicilio',
  'locales',
  'trabajadores',
  'deuda',
  'buscar',
  'dni',
  'dniruc',
  'ce',
  'cee',
  'ci',
  'licencia',
  'placa',
  'tc',
  'afp',
  'grupos',
  'uso',
  'activar',
  'desactivar',
];
const mine = commands.filter((c) => H5_COMMANDS.includes(c.name));

describe('ayuda', () => {
  it('lists every command the sender may use, one example each, within one WhatsApp message', async () => {
    const run = await runCommand(ayuda, '', { services: { commands }, isAdmin: true });
    const text = run.replies[0]?.text ?? '';
    for (const command of commands) expect(text).toContain(`• *${command.name}*`);
    expect(text).toContain(
      '• *ruc*: Datos de un contribuyente: razón social, estado, condición y dirección — _ruc 20123456786_',
    );
    expect(text).toContain('• *dni* 🔒:');
    expect(text.length).toBeLessThan(MAX_TEXT_LENGTH);
  });

  it('hides admin-only commands from members', async () => {
    const run = await runCommand(ayuda, '', { services: { commands }, isAdmin: false });
    const text = run.replies[0]?.text ?? '';
    for (const name of ['grupos', 'uso', 'activar', 'desactivar']) expect(text).not.toContain(`*${name}*`);
    const hidden = await runCommand(ayuda, 'grupos', { services: { commands }, isAdmin: false });
    expect(hidden.replies[0]?.template).toBe('ayuda-desconocido');
  });

  it('explains one command, found by name or another word of it in any case, with or without prefix', async () => {
    for (const word of ['placa', '/PLACA', 'Placa']) {
      const run = await runCommand(ayuda, word, { services: { commands } });
      expect(run.replies[0]?.text).toBe(
        '*placa*: Marca, modelo y color de un vehículo por su placa\nUso: *placa <placa>*\nFormas que entiendo: placas, placa de rodaje, matricula, placa vehicular\nEjemplos:\n• _placa ABC-123_\n• _placa B7X456_',
      );
    }
    const alias = await runCommand(ayuda, 'brevete', { services: { commands } });
    expect(alias.replies[0]?.text).toContain('*licencia*');
    expect(alias.replies[0]?.text).toContain('Formas que entiendo: licencias, licencia de conducir, brevete');
    expect(alias.replies[0]?.text).toContain('🔒 Consulta datos personales');
    const admin = await runCommand(ayuda, 'uso', { services: { commands } });
    expect(admin.replies[0]?.text).toContain('Solo para administradores.');
  });

  it('a topic that means the bot itself (`cómo funciona esto`, addressed) gets the whole list', async () => {
    for (const topic of ['esto', 'Eso?', 'tú']) {
      const run = await runCommand(ayuda, topic, { services: { commands } });
      expect(run.replies[0]?.template).toBe('ayuda');
    }
  });

  it('answers an unknown topic kindly, with a suggestion when one is close', async () => {
    const close = await runCommand(ayuda, 'rucc', { services: { commands } });
    expect(close.replies[0]?.text).toBe(
      'No tengo un comando *rucc*. ¿Quisiste decir *ruc*?\nEscribe *ayuda* para ver la lista completa.',
    );
    const far = await runCommand(ayuda, 'zzzzzz', { services: { commands } });
    expect(far.replies[0]?.text).toBe(
      'No tengo un comando *zzzzzz*.\nEscribe *ayuda* para ver la lista completa.',
    );
  });
});

const understanding = createUnderstanding(commands);

describe('command declarations', () => {
  it('registers every H5 command exactly once, with unique names', () => {
    expect(mine.map((c) => c.name).sort()).toEqual([...H5_COMMANDS].sort());
    const names = commands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(mine.map((c) => [c.name, c] as const))(
    '%s: every example is valid and reaches the command, unaddressed',
    (_, command) => {
      expect(command.examples.length).toBeGreaterThan(0);
      for (const example of command.examples) {
        const reading = understanding.understand(example, {
          isGroup: true,
          selfDigits: [],
          now: NOW,
          ownRuc: '20123456786',
        });
        expect(reading, example).toMatchObject({ act: 'request', command: command.name });
        expect(reading.args && 'value' in reading.args, example).toBe(true);
      }
    },
  );

  it('marks exactly the personal-data commands and the admin commands', () => {
    expect(
      mine
        .filter((c) => c.personalData)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['ce', 'cee', 'ci', 'dni', 'dniruc', 'licencia']);
    expect(
      mine
        .filter((c) => c.access === 'owner')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['grupos', 'uso']);
    expect(
      mine
        .filter((c) => c.access === 'groupAdmin')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['activar', 'desactivar']);
    expect(
      mine
        .filter((c) => c.worksInInactiveGroups)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['activar', 'desactivar']);
  });
});
