import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeClock } from '../helpers/fake-clock.js';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';
import { GROUP_ID, GROUP_NAME } from '../helpers/messages.js';
import { attachScheduler, lima } from '../scheduler/helpers.js';

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
    expect(h.app.services.schedules?.list(GROUP_ID)).toHaveLength(1);
  });

  it('refuses to remove a config schedule', async () => {
    const [reply] = h.texts(await h.send('desprogramar 1'));
    expect(reply).toContain('viene de la configuración del servidor y no se puede quitar por chat');
    expect(h.app.services.schedules?.list(GROUP_ID)).toHaveLength(2);
  });

  it('says which numbers exist when the number is not in the list', async () => {
    expect(h.texts(await h.send('desprogramar 7'))).toEqual([
      'Indica el número de la publicación en la lista de *programados* (del 1 al 2); «7» no está en la lista.\nEjemplo: *desprogramar 1*',
    ]);
  });

  it('is for admins only', async () => {
    const [reply] = h.texts(await h.send('desprogramar 2', { admin: false }));
    expect(reply).toContain('solo para administradores');
    expect(h.app.services.schedules?.list(GROUP_ID)).toHaveLength(2);
  });

  it('persists the removal across a restart', async () => {
    await h.send('desprogramar 2');
    await h.restart();
    const scheduler = attachScheduler(h, createFakeClock(lima('2026-11-20 07:05')));
    expect(scheduler.list(GROUP_ID).map((e) => e.source)).toEqual(['config']);
  });
});
