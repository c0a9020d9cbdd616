import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalTransport } from '../../src/transports/terminal.js';
import type { IncomingMessage } from '../../src/transports/transport.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup(json: boolean) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-term-'));
  dirs.push(outDir);
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk) => {
    printed += String(chunk);
  });
  const transport = createTerminalTransport({
    input,
    output,
    json,
    outDir,
    chatId: 'g1@g.us',
    isGroup: true,
    chatName: 'Despacho Lima',
    senderIds: ['51987654321@s.whatsapp.net'],
  });
  return { transport, input, outDir, printed: () => printed };
}

describe('terminal transport', () => {
  it('turns each non-empty line into a message from the configured sender and chat', async () => {
    const { transport, input } = setup(true);
    const received: IncomingMessage[] = [];
    await transport.start(async (message) => {
      received.push(message);
    });
    input.end('ruc 20123456786\n\n   \nplaca abc-123\n');
    await transport.finished();
    expect(received.map((m) => m.text)).toEqual(['ruc 20123456786', 'placa abc-123']);
    expect(received[0]).toMatchObject({
      chatId: 'g1@g.us',
      isGroup: true,
      chatName: 'Despacho Lima',
      senderIds: ['51987654321@s.whatsapp.net'],
    });
    expect(new Set(received.map((m) => m.id)).size).toBe(2);
  });

  it('handles lines one at a time and finishes only after every reply is printed', async () => {
    const { transport, input, printed } = setup(true);
    await transport.start(async (message) => {
      // the first message is slower: replies must still come out in input order
      await new Promise((resolve) => setTimeout(resolve, message.text === 'uno' ? 30 : 1));
      await transport.send(message.chatId, { kind: 'text', text: `re: ${message.text}` });
    });
    input.end('uno\ndos\n');
    await transport.finished();
    expect(
      printed()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { chat: 'g1@g.us', text: 're: uno' },
      { chat: 'g1@g.us', text: 're: dos' },
    ]);
  });

  it('writes documents to the out dir and prints their path as JSON', async () => {
    const { transport, input, outDir, printed } = setup(true);
    await transport.start(async (message) => {
      await transport.send(message.chatId, {
        kind: 'document',
        bytes: new Uint8Array([37, 80, 68, 70]),
        fileName: '../../etc/guia T001-42.pdf',
        mimetype: 'application/pdf',
        caption: 'Guía T001-42',
      });
    });
    input.end('guia\n');
    await transport.finished();
    const line = JSON.parse(printed().trim());
    expect(line).toEqual({
      chat: 'g1@g.us',
      document: {
        fileName: '../../etc/guia T001-42.pdf',
        mimetype: 'application/pdf',
        bytes: 4,
        path: path.join(outDir, 'guia_T001-42.pdf'),
        caption: 'Guía T001-42',
      },
    });
    expect(readFileSync(line.document.path, 'latin1')).toBe('%PDF');
  });

  it('prints plain text replies and document lines without --json', async () => {
    const { transport, input, printed } = setup(false);
    await transport.start(async (message) => {
      await transport.send(message.chatId, { kind: 'text', text: '*Hola*\nsegunda línea' });
      await transport.send(message.chatId, {
        kind: 'document',
        bytes: new Uint8Array(3),
        fileName: 'a.xml',
        mimetype: 'application/xml',
      });
    });
    input.end('hola\n');
    await transport.finished();
    expect(printed()).toContain('*Hola*\nsegunda línea\n\n');
    expect(printed()).toMatch(/\[documento\] a\.xml \(application\/xml, 3 bytes\) → .*a\.xml/);
  });

  it('keeps going when the handler throws', async () => {
    const { transport, input } = setup(true);
    const seen: string[] = [];
    await transport.start(async (message) => {
      seen.push(message.text);
      if (message.text === 'uno') throw new Error('boom');
    });
    input.end('uno\ndos\n');
    await transport.finished();
    expect(seen).toEqual(['uno', 'dos']);
  });

  it('sends the lines between two """ lines as one message with line breaks, in order', async () => {
    const { transport, input } = setup(true);
    const received: string[] = [];
    await transport.start(async (message) => {
      received.push(message.text);
    });
    const mark = '"""';
    input.end(
      [
        'antes',
        mark,
        'hola',
        '',
        'ruc 20123456786',
        '  placa abc-123',
        mark,
        mark,
        mark,
        'después',
        mark,
        'sin cerrar',
        '',
      ].join('\n'),
    );
    await transport.finished();
    // an empty block sends nothing; a block left open at the end of the input is still sent
    expect(received).toEqual(['antes', 'hola\n\nruc 20123456786\n  placa abc-123', 'después', 'sin cerrar']);
  });

  it('calls beforeHandle with each message just before it is handled, after the previous replies', async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-term-'));
    dirs.push(outDir);
    const input = new PassThrough();
    const events: string[] = [];
    const transport = createTerminalTransport({
      input,
      output: new PassThrough(),
      outDir,
      chatId: 'g1@g.us',
      isGroup: true,
      senderIds: ['51987654321@s.whatsapp.net'],
      beforeHandle: (message) => events.push(`before ${message.text}`),
    });
    await transport.start(async (message) => {
      await new Promise((resolve) => setTimeout(resolve, message.text === 'uno' ? 20 : 1));
      events.push(`handled ${message.text}`);
    });
    input.end('uno\ndos\n');
    await transport.finished();
    expect(events).toEqual(['before uno', 'handled uno', 'before dos', 'handled dos']);
  });
});
