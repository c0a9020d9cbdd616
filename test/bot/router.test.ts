import { describe, expect, it } from 'vitest';
import type { TextMessage } from '../../src/transports/transport.js';
import { createTestRouter, fakeLookup } from '../helpers/fakes.js';
import { directMessage, groupMessage } from '../helpers/messages.js';

const SELF = '51900000000@s.whatsapp.net';

function setup() {
  const lookup = fakeLookup({
    ruc: async (ruc) => ({ nombre_o_razon_social: `EMPRESA ${ruc}` }) as never,
  });
  return createTestRouter({ lookup, selfIds: [SELF] });
}

async function texts(text: string, overrides = {}) {
  const { router, transport } = setup();
  const result = await router.handle(groupMessage(text, overrides));
  return { result, sent: transport.sent.map((s) => (s.message as TextMessage).text) };
}

describe('router: chatter stays silent', () => {
  it.each([
    'la placa del camión está sucia',
    'placa nueva del camión',
    'ruc de la empresa?',
    'Buenos días a todos',
    'buscar el cargador del celular',
    'tc no sé',
    'grupos de trabajo',
    'ayuda con esto por favor',
    '...ok',
    '.ok',
    '👍',
    '',
  ])('ignores %j in a group', async (text) => {
    const { result, sent } = await texts(text);
    expect(sent).toEqual([]);
    expect(result.outcome).toBe('ignored');
  });
});

describe('router: attempts are answered', () => {
  it('answers a valid command without prefix', async () => {
    const { result, sent } = await texts('ruc 20123456786');
    expect(result).toMatchObject({ outcome: 'ok', command: 'ruc' });
    expect(sent).toEqual(['ruc {"razonSocial":"EMPRESA 20123456786"}']);
  });

  it('answers a mistaken RUC with the validation template, usage and example', async () => {
    const { result, sent } = await texts('ruc 2010007097');
    expect(result).toMatchObject({
      outcome: 'invalid',
      command: 'ruc',
      template: 'errors/invalid-ruc-length',
    });
    expect(sent[0]).toContain('errors/invalid-ruc-length');
    expect(sent[0]).toContain('"ejemplo":"ruc 20123456786"');
    expect(sent[0]).toContain('"valor":"2010007097"');
  });

  it('answers "placa 12" as an attempt with a mistake', async () => {
    const { result } = await texts('placa 12');
    expect(result).toMatchObject({ outcome: 'invalid', template: 'errors/invalid-plate' });
  });

  it('matches command words regardless of case and accents, including aliases', async () => {
    expect((await texts('RUC 20123456786')).result.outcome).toBe('ok');
    expect((await texts('GUÍA 20123456786-09-T001-42')).result).toMatchObject({
      outcome: 'ok',
      command: 'guia',
    });
    expect((await texts('Vehículo ABC123')).result).toMatchObject({ outcome: 'ok', command: 'placa' });
  });

  it('answers bare optional and no-argument commands', async () => {
    expect((await texts('tc')).result.outcome).toBe('ok');
    expect((await texts('ayuda')).result.outcome).toBe('ok');
    expect((await texts('grupos')).result.outcome).toBe('ok');
  });

  it("lets a slot's grammar read words as its value (`hoy` is a date)", async () => {
    expect((await texts('tc hoy')).result.outcome).toBe('ok');
  });

  it('searches a company name without quotes, but free text that names no company needs a prefix or mention', async () => {
    expect((await texts('buscar transportes andinos')).result.outcome).toBe('ok');
    expect((await texts('buscar la llave maestra')).result.outcome).toBe('ignored');
    expect((await texts('/buscar la llave maestra')).result.outcome).toBe('ok');
  });

  it.each(['/', '!', '.'])('takes any %s-prefixed command as an attempt', async (prefix) => {
    const { result } = await texts(`${prefix}placa nueva del camión`);
    expect(result).toMatchObject({ outcome: 'invalid', command: 'placa' });
  });

  it('takes a mention of the bot as addressing it', async () => {
    const { result } = await texts(`@51900000000 placa nueva`);
    expect(result).toMatchObject({ outcome: 'invalid', command: 'placa' });
  });

  it('answers everything in an admin direct chat', async () => {
    const { router, transport } = setup();
    const result = await router.handle(directMessage('placa nueva'));
    expect(result.outcome).toBe('invalid');
    expect(transport.sent).toHaveLength(1);
  });

  it('quotes the incoming message in its reply', async () => {
    const { router, transport } = setup();
    const message = groupMessage('tc');
    await router.handle(message);
    expect(transport.sent[0]).toMatchObject({ chatId: message.chatId, message: { quotedId: message.id } });
  });

  it('sends documents through the same transport, quoting the command', async () => {
    const { router, transport } = setup();
    const message = groupMessage('guia 20123456786-09-T001-42');
    await router.handle(message);
    expect(transport.sent.map((s) => s.message.kind)).toEqual(['text', 'document']);
    expect(transport.sent[1]?.message).toMatchObject({ fileName: 'guia.pdf', quotedId: message.id });
  });
});

describe('router: unknown words', () => {
  it('suggests the closest command for a prefixed typo', async () => {
    const { result, sent } = await texts('/plaka');
    expect(result.outcome).toBe('unknown');
    expect(sent).toEqual(['errors/unknown-command {"word":"plaka","suggestion":"placa","prefix":"/"}']);
  });

  it('suggests for a mention and a "!" prefix too', async () => {
    expect((await texts('!rux')).sent[0]).toContain('"suggestion":"ruc"');
    expect((await texts('@51900000000 ayudq')).sent[0]).toContain('"suggestion":"ayuda"');
  });

  it('runs a one-letter slip of a command word when its argument is valid, even unaddressed', async () => {
    expect((await texts('plaka ABC123')).sent).toEqual(['placa {"placa":"ABC123"}']);
    expect((await texts('rcu 20123456786')).result).toMatchObject({ outcome: 'ok', command: 'ruc' });
    // an argument the command would refuse is no guess: a suggestion when addressed
    expect((await texts('/plaka 12')).sent[0]).toContain('"suggestion":"placa"');
  });

  it('omits the suggestion when nothing is close', async () => {
    const { sent } = await texts('/xyzzy');
    expect(sent).toEqual(['errors/unknown-command {"word":"xyzzy","prefix":"/"}']);
  });

  it('ignores an unknown word after a bare "." and unprefixed unknown words', async () => {
    expect((await texts('.plaka')).sent).toEqual([]);
    expect((await texts('plaka nueva')).sent).toEqual([]);
  });

  it('answers an unknown word in a direct chat', async () => {
    const { router, transport } = setup();
    const result = await router.handle(directMessage('abracadabra'));
    expect(result.outcome).toBe('unknown');
    expect(transport.sent).toHaveLength(1);
  });

  it('greets back a greeting and lets thanks pass in silence, addressed or not', async () => {
    expect((await texts('@51900000000 hola')).sent).toEqual(['saludo']);
    expect((await texts('@51900000000 buenos días, me ayudas?')).sent).toEqual(['saludo']);
    for (const text of ['@51900000000 gracias', '@51900000000 ok 👍', '@51900000000 jajaja listo', 'hola']) {
      expect((await texts(text)).sent, text).toEqual([]);
    }
  });

  it('cuts a huge unknown word in the reply data', async () => {
    const { sent } = await texts(`/${'a'.repeat(5000)}`);
    expect(sent[0]?.length).toBeLessThan(200);
  });
});

describe('router: safety', () => {
  it('ignores messages sent by the bot itself', async () => {
    const { result } = await texts('ruc 20123456786', { senderIds: ['51900000000:2@s.whatsapp.net'] });
    expect(result).toMatchObject({ outcome: 'ignored', reason: 'self' });
  });

  it('refuses two commands claiming the same word', () => {
    const commands = setup().services.commands;
    const clash = { ...commands[0]!, name: 'otro' } as (typeof commands)[number];
    expect(() => createTestRouter({ commands: [...commands, clash] })).toThrow(/already "ruc"/);
  });

  it('finds commands by any alias, case-insensitively', () => {
    const { router } = setup();
    expect(router.find('RAZÓN')?.name).toBe('buscar');
    expect(router.find('nada')).toBeUndefined();
  });
});
