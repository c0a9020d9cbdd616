import { describe, expect, it } from 'vitest';
import { commands } from '../../src/app/features.js';
import { MAX_READ } from '../../src/language/understand/lines.js';
import { createUnderstanding, MAX_REQUESTS } from '../../src/language/understand/understand.js';

/**
 * Issue 18: a message costs what its first MAX_READ characters cost. A list of requests as staff
 * send it (a greeting, a header, the requests, a signature) fits and is answered whole; the lines
 * past the budget are left unread: neither answered nor counted as requests sent to `lote`.
 */
const understanding = createUnderstanding(commands);
const context = { isGroup: true, selfDigits: ['51900000000'], now: new Date('2026-11-22T15:00:00Z') };
const read = (text: string) => understanding.understand(text, context);

// Fictional RUCs with valid check digits.
const RUCS = ['20612345679', '20611112221', '20609876540', '10456789124', '20654321010', '20624680139'];

describe('the read budget of one message', () => {
  it('reads a list of MAX_REQUESTS requests with a greeting, a header and a signature whole', () => {
    const text = [
      'Buenos días, por favor me ayudan con lo siguiente:',
      `1. RUC ${RUCS[0]}`,
      '2. placa ABC-123',
      '3. tc 20/11/2026',
      `4. ruc ${RUCS[1]}`,
      '5. dni 45678912',
      'Gracias, saludos',
      'Carmen Rojas',
    ].join('\n');
    expect(text.length).toBeLessThan(MAX_READ);
    const reading = read(text);
    expect(reading.act).toBe('request');
    expect(reading.requests?.map((r) => r.command)).toEqual(['ruc', 'placa', 'tc', 'ruc', 'dni']);
    expect(reading.dropped).toBeUndefined();
  });

  it('points one request past the cap to lote when the list is short', () => {
    const reading = read(RUCS.map((ruc) => `ruc ${ruc}`).join('\n'));
    expect(reading.requests).toHaveLength(MAX_REQUESTS);
    expect(reading.dropped).toBe(1);
  });

  it('leaves the lines past the budget unread: not answered, not pointed to lote', () => {
    const line = (ruc: string) =>
      `necesito por favor los datos completos del ruc ${ruc} para la factura de hoy`;
    const lines = RUCS.map(line);
    const fit = Math.floor(MAX_READ / lines[0]!.length);
    expect(fit).toBeLessThan(RUCS.length);
    const reading = read(lines.join('\n'));
    expect(reading.act).toBe('request');
    expect(reading.requests?.length).toBe(fit);
    expect(reading.dropped).toBeUndefined();
    expect(reading.because).toContain(`requests:${fit}`);
  });
});
