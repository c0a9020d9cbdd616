import type { WAMessage } from '@whiskeysockets/baileys';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDedupStore } from '../../../../src/store/dedup.js';
import { openDatabase, type SqliteDatabase } from '../../../../src/app/database.js';
import { GroupMetadataCache } from '../../../../src/transports/whatsapp/connection/groups.js';
import { MessageReceiver } from '../../../../src/transports/whatsapp/inbound/receive.js';
import type { SocketLike } from '../../../../src/transports/whatsapp/connection/socket.js';
import type { IncomingMessage } from '../../../../src/transports/transport.js';
import { captureOutput } from '../../../helpers/capture.js';
import { quoteChain, waText } from '../../../helpers/fake-socket.js';

/**
 * Issue 19: one message with a 2,000-deep quote chain threw inside the receive loop, and the
 * other messages of its batch went unanswered. Each message is now taken on its own (a failing
 * one is logged without its text), and its shape is bounded before anything walks it
 * (inbound/bounds.ts, tested in bounds.test.ts).
 */
const GROUP = '120363000000000001@g.us';
const SECRET_WORDS = 'clave del almacén 4417';

describe('the receive loop', () => {
  let db: SqliteDatabase;
  beforeEach(() => {
    db = openDatabase({ dir: ':memory:' });
  });
  afterEach(() => {
    db.close();
  });

  function receiver() {
    const log = captureOutput();
    const groups = new GroupMetadataCache();
    groups.upsert([{ id: GROUP, subject: 'Despacho Lima', owner: undefined, participants: [] }]);
    const taken = new MessageReceiver({
      dedup: createDedupStore(db),
      groups,
      logger: pino({ level: 'debug' }, log.stream),
      maxMessageAgeSeconds: 600,
      now: () => Date.now(),
    });
    const received: IncomingMessage[] = [];
    taken.accept(async (message) => void received.push(message));
    const sock = {
      groupMetadata: async () => groups.get(GROUP)!,
      signalRepository: { lidMapping: { getPNForLID: async () => null, getLIDForPN: async () => null } },
    } as unknown as SocketLike;
    return { taken, received, sock, log };
  }

  it('answers every other message of the batch when one holds a 2,000-deep quote chain', async () => {
    const { taken, received, sock } = receiver();
    const deep: WAMessage = { ...waText('x', { participant: '777@lid' }), message: quoteChain(2000) };
    const batch = [
      waText('tc', { participant: '777@lid' }),
      deep,
      waText('ruc 20123456786', { participant: '888@lid' }),
    ];
    expect(() => taken.onUpsert(sock, { messages: batch, type: 'notify' })).not.toThrow();
    await taken.idle(1000);
    expect(received.map((m) => m.text)).toEqual(['tc', 'respuesta 1999', 'ruc 20123456786']);
  });

  it('skips a message that throws while being read, logs it without its text, and takes the rest', async () => {
    const { taken, received, sock, log } = receiver();
    const broken = {
      ...waText(SECRET_WORDS, { participant: '777@lid' }),
      messageTimestamp: {
        toString: () => {
          throw new Error(`no se pudo leer «${SECRET_WORDS}»`);
        },
      },
    } as unknown as WAMessage;
    const batch = [broken, waText('tc', { participant: '888@lid' })];
    expect(() => taken.onUpsert(sock, { messages: batch, type: 'append' })).not.toThrow();
    await taken.idle(1000);
    expect(received.map((m) => m.text)).toEqual(['tc']);
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const skipped = lines.find((line) => line['msg'] === 'received message could not be read; skipped');
    expect(skipped).toMatchObject({ id: broken.key.id, error: { type: 'Error' } });
    expect(log.text()).not.toContain('clave del almacén');
  });
});
