import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../src/sandbox/types.js';
import { useBotHarness } from '../helpers/bot-harness.js';

/**
 * Upstream failures for the document and group commands (guia, guiaxml, xml, pdf, grupos): the
 * service down (503), credits exhausted and rate limited each get their Spanish reply, never a
 * crash or a document; unknown invoices get the friendly not-found reply.
 */
const h = useBotHarness();

afterEach(() => {
  h.sandbox.clearFaults();
});

const template = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '../../templates/errors', `${name}.liquid`), 'utf8').trim();

const UNAVAILABLE = template('lookup-unavailable');
const CREDITS = template('lookup-credits');
const RATE_LIMITED = template('lookup-rate-limited');

// Each command with the upstream path its fault targets. Failures are never cached and no success
// comes before these cases, so every case reaches the sandbox.
const COMMANDS = [
  ['guia T001-42', '/taxauth/guia/json/*'],
  ['guiaxml T001-42', '/taxauth/guia/xml/*'],
  ['xml F001-123', '/taxauth/xml'],
  ['pdf F001-123', '/taxauth/pdf'],
  ['grupos', '/group/all'],
] as const;

const FAULTS: readonly [string, Omit<FaultSpec, 'path'>, string][] = [
  ['down (503)', { kind: 'status', status: 503, times: 5 }, UNAVAILABLE],
  ['out of credits', { kind: 'credits', times: 5 }, CREDITS],
  ['rate limited', { kind: 'rate-limit', retryAfterSeconds: 30, times: 5 }, RATE_LIMITED],
];

const CASES = COMMANDS.flatMap(([message, faultPath]) =>
  FAULTS.map(([label, fault, expected]) => [message, label, faultPath, fault, expected] as const),
);

describe('document and group commands when the upstream fails', () => {
  it.each(CASES)(
    '%s, service %s: one Spanish reply, no document',
    async (message, label, faultPath, fault, expected) => {
      h.sandbox.injectFault({ ...fault, path: faultPath });
      const before = h.sandbox.requestCount();
      const { replies, result } = await h.deliver({
        id: `${message}-${label}`,
        chatId: '120363000000000001@g.us',
        chatName: 'Despacho Lima',
        isGroup: true,
        senderIds: ['51987654321@s.whatsapp.net'],
        text: message,
        timestamp: Date.now(),
      });
      expect(h.sandbox.requestCount()).toBeGreaterThan(before);
      expect(h.texts(replies)).toEqual([expected]);
      expect(result).toMatchObject({
        outcome: 'failed',
        template: expect.stringMatching(/^errors\/lookup-/),
      });
    },
  );

  it('keeps answering once the upstream is back', async () => {
    expect(h.texts(await h.send('guiaxml T001-42'))).toEqual(['[document 20123456786-09-T001-42.xml]']);
    expect(h.texts(await h.send('grupos'))[0]).toContain('*Despacho Lima*');
  });
});

describe('xml and pdf for an unknown invoice', () => {
  it.each(['xml', 'pdf'])(
    '%s F001-999 says the document was not found, without a document',
    async (command) => {
      const replies = await h.send(`${command} F001-999`);
      expect(replies.every((reply) => reply.kind === 'text')).toBe(true);
      const texts = h.texts(replies);
      expect(texts).toHaveLength(1);
      // Current wording (templates/errors/document-not-found): names the invoice, not a generic error.
      expect(texts[0]).toMatch(/^No se encontró la factura F001-999 del RUC 20123456786\b/);
      expect(texts[0]).toContain('Revisa la serie y el número');
      // A 400 from the portal may also mean wrong credentials: the admin is told both.
      expect(texts[0]).toContain('o el comprobante no existe, o la Clave SOL que usa Chasqui');
    },
  );
});
