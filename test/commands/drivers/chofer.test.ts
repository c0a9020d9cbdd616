import { describe, expect, it } from 'vitest';
import { DRIVERS } from '../../../src/bot/ports.js';
import { mobileGrammar, personIdGrammar } from '../../../src/language/grammars/identifiers/index.js';
import { read } from '../../language/grammars/read.js';
import { useBotHarness } from '../../helpers/bot-harness.js';
import { ADMIN_PHONE, GROUP_ID, groupMessage, jid, textOf } from '../../helpers/messages.js';

/** `chofer <dni> <número>`, `chofer borrar <dni>`, `chofer <dni>` and `choferes` (admins). */
const h = useBotHarness({ config: { drivers: { '70123456': '987 000 111' } } });

describe('chofer', () => {
  it('registers a driver, normalising the number to 51XXXXXXXXX, and persists it over a restart', async () => {
    const text = textOf(await h.send('chofer 41234567 +51 987-654-000'));
    expect(text).toContain('documento 41234567 se enviarán al WhatsApp +51987654000');
    expect(h.app.services.registry.get(DRIVERS)!.get('41234567')).toMatchObject({
      phone: '51987654000',
      source: 'chat',
    });
    await h.restart();
    expect(textOf(await h.send('chofer 41234567'))).toContain(
      'Chofer con documento 41234567: WhatsApp +51987654000',
    );
  });

  it('tells the previous number when a registration changes it', async () => {
    await h.send('chofer 41234567 987654000');
    const text = textOf(await h.send('chofer 41234567 51 912 345 678'));
    expect(text).toContain('+51912345678');
    expect(text).toContain('(Antes: +51987654000.)');
  });

  it("announces a changed phone to every owner's direct chat, masked (old → new)", async () => {
    h.config.admins = [ADMIN_PHONE, '51911222333'];
    await h.send('chofer 41234567 987654000');
    const replies = await h.deliver(groupMessage('chofer 41234567 912345678'));
    const notices = h.outbox.slice(-3).filter((sent) => sent.chatId !== GROUP_ID);
    expect(notices.map((sent) => sent.chatId).sort()).toEqual([jid(ADMIN_PHONE), jid('51911222333')].sort());
    const text = textOf([notices[0]?.message].filter((m) => m !== undefined));
    expect(text).toContain('41234567');
    expect(text).toContain('+51 9•••••000 → +51 9•••••678');
    expect(text).not.toContain('987654000');
    expect(replies.result.outcome).toBe('ok');
    h.config.admins = [ADMIN_PHONE];
  });

  it('removes a driver, and says when there was nothing to remove', async () => {
    await h.send('chofer 41234567 987654000');
    expect(textOf(await h.send('chofer borrar 41234567'))).toContain('se borró el WhatsApp del chofer');
    expect(h.app.services.registry.get(DRIVERS)!.get('41234567')).toBeUndefined();
    expect(textOf(await h.send('chofer borrar 41234567'))).toContain('no tiene WhatsApp registrado');
  });

  it('rejects bad numbers and documents with an example', async () => {
    expect(textOf(await h.send('chofer 41234567 12345'))).toContain('no es un celular peruano');
    expect(textOf(await h.send('chofer 41234567 887654321'))).toContain('no es un celular peruano');
    expect(textOf(await h.send('chofer 4123 987654321'))).toContain('no parece un documento de chofer');
    expect(textOf(await h.send('/chofer'))).toContain('chofer <dni> <número>');
    expect(h.app.services.registry.get(DRIVERS)!.get('4123')).toBeUndefined();
  });

  it('is for admins only', async () => {
    const text = textOf(await h.send('chofer 41234567 987654000', { admin: false }));
    expect(text).toContain('solo para administradores');
  });
});

describe('choferes', () => {
  it('lists chat and config drivers, marking the config ones', async () => {
    await h.send('chofer 41234567 987654000');
    const text = textOf(await h.send('choferes'));
    expect(text).toContain('*Choferes registrados* (2)');
    expect(text).toContain('• 41234567 → +51987654000');
    expect(text).toContain('• 70123456 → +51987000111 _(configuración)_');
  });

  it('hides a config driver removed by chat, also after a restart', async () => {
    await h.send('chofer borrar 70123456');
    await h.restart();
    expect(textOf(await h.send('choferes'))).not.toContain('70123456');
  });

  it('is for admins only', async () => {
    expect(textOf(await h.send('choferes', { admin: false }))).toContain('solo para administradores');
  });
});

describe('driver phone and document rules (the person-id and mobile grammars)', () => {
  it.each([
    ['987654321', '51987654321'],
    ['+51 987 654 321', '51987654321'],
    ['51-987-654-321', '51987654321'],
    ['(51) 987654321', '51987654321'],
  ])('%s → %s', (raw, expected) => {
    expect(read(mobileGrammar, raw)).toMatchObject({ value: expected });
  });

  it.each(['98765432', '9876543210', '887654321', '+1 987 654 321', '52987654321'])('rejects %s', (raw) => {
    expect(read(mobileGrammar, raw)).toMatchObject({ error: 'chofer-telefono' });
  });

  it('accepts DNI and foreigner cards, uppercased, and rejects the rest', () => {
    expect(read(personIdGrammar, '41234567')).toMatchObject({ value: '41234567' });
    // `ce001234567`: the card's type glued to its number; the number is the document.
    expect(read(personIdGrammar, 'ce001234567')).toMatchObject({ value: '001234567' });
    expect(read(personIdGrammar, 'x1234567ab')).toMatchObject({ value: 'X1234567AB' });
    expect(read(personIdGrammar, '1234567')).toMatchObject({ error: 'chofer-documento' });
    expect(read(personIdGrammar, 'ABCDEFGHI')).toBeNull();
  });
});
