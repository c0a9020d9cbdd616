import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID, GROUP_NAME } from '../../helpers/messages.js';
import { attachScheduler, lima } from '../../scheduler/helpers.js';

const OTHER_GROUP = '120363000000000002@g.us';
let h: BotHarness;

beforeEach(async () => {
  const clock = createFakeClock(lima('2026-11-20 07:00'));
  h = await createBotHarness({
    now: () => clock.now(),
    config: {
      groups: [
        {
          id: GROUP_ID,
          name: GROUP_NAME,
          personalData: true,
          schedules: [{ job: 'tc', spec: '08:00 todos' }],
        },
        { id: OTHER_GROUP, name: 'Contabilidad', personalData: false, schedules: [] },
      ],
    },
  });
  attachScheduler(h, clock);
});

afterEach(async () => {
  await h.close();
});

describe('programados', () => {
  it('numbers config and chat schedules, marking the config ones', async () => {
    await h.send('programar afp dia 1 09:00');
    await h.send('programar tc 07:30 lun,mie,vie');
    expect(h.texts(await h.send('programados'))).toEqual([
      [
        '*Publicaciones programadas* (hora de Lima)',
        '1. *tipo de cambio* todos los días a las 08:00 _(configuración del servidor)_',
        '2. *comisiones AFP* el día 1 de cada mes a las 09:00',
        '3. *tipo de cambio* los lunes, miércoles y viernes a las 07:30',
        '',
        'Para quitar una: *desprogramar <número>*. Las de la configuración del servidor solo las cambia un administrador del servidor.',
      ].join('\n'),
    ]);
  });

  it('is open to every member of the group', async () => {
    const [reply] = h.texts(await h.send('programados', { admin: false }));
    expect(reply).toContain('1. *tipo de cambio* todos los días a las 08:00');
  });

  it('lists only this chat’s schedules', async () => {
    const [reply] = h.texts(await h.send('programados', { chatId: OTHER_GROUP }));
    expect(reply).toContain('No hay publicaciones programadas en este chat.');
  });
});
