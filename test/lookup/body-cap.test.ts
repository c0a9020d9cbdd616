import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLookupClient } from '../../src/lookup/client.js';
import { LookupBodyTooLargeError } from '../../src/lookup/errors.js';

/** Upstream bodies are read with a cap: a bigger answer is a typed error, never a huge string. */
let server: Server;
let requests: number;
let body: { text: string; declareLength: boolean };

beforeEach(async () => {
  requests = 0;
  server = createServer((_req, res) => {
    requests += 1;
    if (body.declareLength) res.setHeader('content-length', Buffer.byteLength(body.text));
    res.setHeader('content-type', 'application/json');
    // Streamed in chunks, as a slow or hostile upstream would.
    const bytes = Buffer.from(body.text);
    for (let i = 0; i < bytes.length; i += 4096) res.write(bytes.subarray(i, i + 4096));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function client() {
  const { port } = server.address() as AddressInfo;
  return createLookupClient({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    token: 'tok',
    retries: 2,
    maxBodyBytes: 8 * 1024,
    maxZipBodyBytes: 256 * 1024,
  });
}

const padded = (size: number) =>
  JSON.stringify({ success: true, message: 'exito', data: { placa: 'ABC123', pad: 'x'.repeat(size) } });

describe('upstream body cap', () => {
  it.each([true, false])(
    'rejects a body over the cap (content-length declared: %s), without retrying',
    async (declareLength) => {
      body = { text: padded(64 * 1024), declareLength };
      const lookup = client();
      try {
        const error = await lookup.vehicle('ABC123').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LookupBodyTooLargeError);
        expect((error as LookupBodyTooLargeError).maxBytes).toBe(8 * 1024);
        expect(requests).toBe(1);
      } finally {
        await lookup.close();
      }
    },
  );

  it('gives the ZIP operations the larger cap', async () => {
    body = {
      text: JSON.stringify({ success: true, message: 'exito', data: { xml_base64: 'A'.repeat(64 * 1024) } }),
      declareLength: true,
    };
    const lookup = client();
    try {
      const error = await lookup
        .invoiceXml(
          { ruc: '20123456786', user: 'U', password: 'P' },
          { ruc: '20123456786', type: '01', series: 'F001', number: '1' },
        )
        .catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(LookupBodyTooLargeError);
    } finally {
      await lookup.close();
    }
  });
});
