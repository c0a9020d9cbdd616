import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../../src/bot/ports.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID, GROUP_NAME } from '../../helpers/messages.js';
import { attachScheduler, lima } from '../../scheduler/helpers.js';

let h: BotHarness;

beforeEach(async () => {
  const clock = createFakeClock(lima('2026-11-20 07:00'));
  h = await createBotHarness({
    now: () => clock.now(),
    config: {
      groups: [
        { id: GROUP_ID, name: GROUP_NAME, personalData: true, schedules: [{ job: 'tc', spec: '08:00' }] },
      ],
    },
  });
  attachScheduler(h, clock);
  await h.send('programar afp dia 1 09:00');
});

afterEach(async () => {
  await h.close();
});

describe('desprogramar', () => {
  it('removes a chat schedule by its number in programados', async () => {
    expect(h.texts(await h.send('desprogramar 2'))).toEqual([
      'Listo: ya no publicaré *las comisiones AFP* el día 1 de cada mes a las 09:00.',
    ]);
    const [list] = h.texts(await h.send('programados'));
    expect(list).not.toContain('AFP');
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(1);
  });

  it('refuses to remove a config schedule', async () => {
    const [reply] = h.texts(await h.send('desprogramar 1'));
    expect(reply).toContain('viene de la configuración del servidor y no se puede quitar por chat');
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(2);
  });

  it('says which numbers exist when the number is not in the list', async () => {
    expect(h.texts(await h.send('desprogramar 7'))).toEqual([
      'Indica el número de la publicación en la lista de *programados* (del 1 al 2); «7» no está en la lista.\nEjemplo: *desprogramar 1*',
    ]);
  });

  it('accepts ordinals: "la segunda", "el 2do"', async () => {
    expect(h.texts(await h.send('desprogramar la segunda'))[0]).toContain(
      'ya no publicaré *las comisiones AFP*',
    );
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(1);
  });

  it('removes a job by name when this chat has exactly one of it, and says so when none is left', async () => {
    expect(h.texts(await h.send('desprogramar afp'))).toEqual([
      'Listo: ya no publicaré *las comisiones AFP* el día 1 de cada mes a las 09:00.',
    ]);
    expect(h.texts(await h.send('desprogramar las comisiones afp'))).toEqual([
      'No hay ninguna publicación de *comisiones AFP* programada en este chat. Mira la lista con *programados*.',
    ]);
  });

  it('refuses by name a job that only the config schedules', async () => {
    const [reply] = h.texts(await h.send('desprogramar el tc'));
    expect(reply).toContain('viene de la configuración del servidor');
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(2);
  });

  it('lists the candidates and asks for the number when the job is scheduled more than once', async () => {
    await h.send('programar tc 07:30 lun-vie');
    await h.send('programar tc 18:00 todos');
    expect(h.texts(await h.send('desprogramar tc'))).toEqual([
      [
        'Hay 2 publicaciones de *tipo de cambio* programadas en este chat:',
        '3. de lunes a viernes a las 07:30',
        '4. todos los días a las 18:00',
        '¿Cuál quito? Responde con su número, por ejemplo: *desprogramar 3*',
      ].join('\n'),
    ]);
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(4);
  });

  it('is for admins only', async () => {
    const [reply] = h.texts(await h.send('desprogramar 2', { admin: false }));
    expect(reply).toContain('solo para administradores');
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toHaveLength(2);
  });

  it('persists the removal across a restart', async () => {
    await h.send('desprogramar 2');
    await h.restart();
    const scheduler = attachScheduler(h, createFakeClock(lima('2026-11-20 07:05')));
    expect(scheduler.list(GROUP_ID).map((e) => e.source)).toEqual(['config']);
  });
});
