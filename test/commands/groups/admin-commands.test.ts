import { describe, expect, it } from 'vitest';
import { type BotHarness, useBotHarness } from '../../helpers/bot-harness.js';
import { GROUP_ID } from '../../helpers/messages.js';

/** grupos, uso, activar and desactivar through the real app (default cache on, so uso can count savings). */
const harness = useBotHarness({ now: () => new Date('2026-11-22T15:00:00Z') });

async function say(text: string, from?: Parameters<BotHarness['send']>[1]): Promise<string[]> {
  return harness.texts(await harness.send(text, from));
}

describe('grupos', () => {
  it('lists the groups of the messaging session with participant counts', async () => {
    const [reply] = await say('grupos');
    expect(reply).toMatch(/^\*Grupos del bot\* \(3\)/);
    expect(reply).toMatch(/• \*Despacho Lima\* · \d+ participantes\n {2}_120363000000000001@g\.us_/);
    expect(reply).toContain('*Contabilidad*');
    expect(reply).toContain('*Recursos Humanos*');
    expect(harness.sandbox.requestCount('/group/all')).toBeGreaterThan(0);
  });
});

describe('uso', () => {
  it('counts this month per operation and group, and what the cache saved', async () => {
    await say('placa ABC123');
    await say('placa ABC123');
    await say('placa B7X456');
    const [reply] = await say('uso');
    expect(reply).toContain('*Uso de consultas* · noviembre 2026');
    expect(reply).toMatch(/• Placa: 3 \(1 de la caché\)/);
    expect(reply).toMatch(/\*Por chat\*\n• Despacho Lima: \d+/);
  });
});

describe('activar / desactivar', () => {
  it('desactivar silences the group, activar (which works while inactive) brings it back', async () => {
    expect((await say('desactivar'))[0]).toContain('Chasqui queda *desactivado* en *Despacho Lima*');
    expect(await say('ruc 20123456786')).toEqual([]);
    expect((await say('activar'))[0]).toContain('Chasqui queda *activado* en *Despacho Lima*');
    expect((await say('ruc 20123456786'))[0]).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('the setting survives a restart', async () => {
    await say('desactivar');
    await harness.restart();
    expect(await say('ruc 20123456786')).toEqual([]);
    await say('activar');
    expect((await say('ruc 20123456786'))[0]).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('in a direct chat it replies that it only works in groups', async () => {
    const replies = await say('activar', { isGroup: false });
    expect(replies).toEqual(['Este comando solo funciona dentro de un grupo.']);
    expect(harness.app.services.groupSettings.isActive(GROUP_ID)).toBe(true);
  });
});
