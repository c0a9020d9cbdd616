import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../../src/bot/ports.js';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID } from '../../helpers/messages.js';
import { attachScheduler, lima } from '../../scheduler/helpers.js';

let h: BotHarness;
let clock: FakeClock;

beforeEach(async () => {
  clock = createFakeClock(lima('2026-11-20 07:00')); // a Friday
  h = await createBotHarness({ now: () => clock.now() });
  attachScheduler(h, clock);
});

afterEach(async () => {
  await h.close();
});

async function say(text: string, from?: Parameters<BotHarness['send']>[1]) {
  return h.texts(await h.send(text, from));
}

describe('programar', () => {
  it('schedules the exchange rate Monday–Saturday and says when it posts next', async () => {
    expect(await say('programar tc 08:30')).toEqual([
      'Listo: publicaré *el tipo de cambio* de lunes a sábado a las 08:30 (hora de Lima).\n' +
        'Próxima publicación: 20/11/2026 08:30.\n' +
        'Para ver o quitar lo programado: *programados*, *desprogramar <número>*.',
    ]);
  });

  it('accepts "todos", day ranges and the monthly AFP post', async () => {
    expect((await say('programar tc 08:30 todos'))[0]).toContain('todos los días a las 08:30');
    expect((await say('programar tc 07:00 lun-vie'))[0]).toContain('de lunes a viernes a las 07:00');
    const afp = (await say('programar afp dia 1 09:00'))[0];
    expect(afp).toContain('*las comisiones AFP* el día 1 de cada mes a las 09:00');
    expect(afp).toContain('Próxima publicación: 01/12/2026 09:00.');
    expect(h.app.services.registry.get(SCHEDULES)).toBeDefined();
  });

  it('rejects bad times, unknown jobs and bad days with a clear reply, saving nothing', async () => {
    expect(await say('programar tc 25:00')).toEqual([
      'La hora «25:00» no es válida: escríbela como HH:MM, de 00:00 a 23:59 (hora de Lima).\nEjemplo: *programar tc 08:30*',
    ]);
    expect((await say('programar tc 8:7x'))[0]).toContain('La hora «8:7x» no es válida');
    expect(await say('programar xyz 08:30')).toEqual([
      'No sé programar «xyz». Puedo publicar: *tc* (tipo de cambio) y *afp* (comisiones AFP).\nEjemplo: *programar tc 08:30*',
    ]);
    expect((await say('programar tc 08:30 feriados'))[0]).toContain('No entiendo los días «feriados»');
    expect((await say('programar afp dia 40 09:00'))[0]).toContain('El día del mes «40» no es válido');
    expect((await say('programar tc todos'))[0]).toContain('Falta la hora');
    expect(await say('programados')).toEqual([
      'No hay publicaciones programadas en este chat.\nEjemplo: *programar tc 08:30*',
    ]);
    expect(h.sandbox.requestCount()).toBe(0);
  });

  it('is for admins only', async () => {
    expect((await say('programar tc 08:30', { admin: false }))[0]).toContain('solo para administradores');
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toEqual([]);
  });

  it('refuses the same schedule twice', async () => {
    await say('programar tc 08:30');
    expect((await say('programar tc 8:30'))[0]).toContain('Eso ya está programado');
  });

  it('works only in groups', async () => {
    expect(await say('programar tc 08:30', { isGroup: false })).toEqual([
      'Este comando solo funciona dentro de un grupo.',
    ]);
  });

  it('stays quiet on ordinary chatter that starts with the word', async () => {
    expect(await say('programar la reunión con el cliente')).toEqual([]);
  });

  it('reads times and days as people say them, and the job after "la publicación del"', async () => {
    const [reply] = await say('programa la publicación del tc a las 7 y media de lunes a viernes');
    expect(reply).toContain('*el tipo de cambio* de lunes a viernes a las 07:30');
    expect((await say('programar afp el primero de cada mes a las 9 de la mañana'))[0]).toContain(
      'el día 1 de cada mes a las 09:00',
    );
  });

  it('stays quiet on chatter with a time but no job to post', async () => {
    expect(await say('programa la reunión para las 3')).toEqual([]);
    expect(await say('programa el recojo del lunes a las 9')).toEqual([]);
    expect(await say('agenda la cita con el cliente a las 4')).toEqual([]);
    expect(await say('programa las comisiones de los vendedores para el 5')).toEqual([]);
    expect(h.app.services.registry.get(SCHEDULES)?.list(GROUP_ID)).toEqual([]);
    // The same word in command form is the AFP job.
    expect((await say('programar comisiones dia 1 09:00'))[0]).toContain('*las comisiones AFP* el día 1');
  });

  it('a schedule added by chat survives a restart and posts the next morning', async () => {
    await say('programar tc 08:30');
    await h.restart();
    const scheduler = attachScheduler(h, clock);
    expect((await say('programados'))[0]).toContain('1. *tipo de cambio* de lunes a sábado a las 08:30');

    // Added at 07:00, so today's 08:30 counts.
    clock.set(lima('2026-11-20 08:30'));
    await scheduler.tick();
    const posts = h.outbox.filter((sent) => sent.chatId === GROUP_ID && sent.message.kind === 'text');
    const last = posts.at(-1)?.message;
    expect(last?.kind === 'text' ? last.text : '').toMatch(/^\*Tipo de cambio USD\* · 20\/11\/2026/);
    expect(h.sandbox.requestCount('/tipo_de_cambio')).toBe(1);
  });
});
