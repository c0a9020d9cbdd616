import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guia } from '../../commands/guia.js';
import { exampleFor } from '../../src/bot/error-reply.js';
import { UserError } from '../../src/input/user-error.js';
import {
  formatDocumentRef,
  looksLikeDocumentRef,
  type ParseRefOptions,
  parseDocumentRef,
} from '../../src/input/document-ref.js';

const OWN = '20123456786';
const guide: ParseRefOptions = { kind: 'guide', ownRuc: OWN };
const invoice: ParseRefOptions = { kind: 'invoice', ownRuc: OWN };

function errorOf(raw: string, options: ParseRefOptions): UserError {
  try {
    parseDocumentRef(raw, options);
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error(`expected a UserError for ${raw}`);
}

describe('parseDocumentRef: accepted forms', () => {
  it.each([
    ['20123456786-09-T001-42'],
    ['20123456786 09 T001 42'],
    ['20123456786-09 t001 42'],
    ['  20123456786 – 09 – T001 – 42 '],
    ['20123456786-09-T001-00000042'],
  ])('reads %s as the guide T001-42 of the company', (raw) => {
    expect(parseDocumentRef(raw, { kind: 'guide' })).toEqual({
      ruc: OWN,
      type: '09',
      series: 'T001',
      number: '42',
    });
  });

  it('fills the issuer with the company RUC and infers the type from the series letter', () => {
    expect(parseDocumentRef('F001-123', invoice)).toEqual({
      ruc: OWN,
      type: '01',
      series: 'F001',
      number: '123',
    });
    expect(parseDocumentRef('b001 15', invoice)).toEqual({
      ruc: OWN,
      type: '03',
      series: 'B001',
      number: '15',
    });
    expect(parseDocumentRef('T001-42', guide)).toMatchObject({ type: '09', series: 'T001' });
    expect(parseDocumentRef('V001-7', guide)).toMatchObject({ type: '31', series: 'V001' });
  });

  it('accepts a third-party issuer without type, and a type without issuer', () => {
    expect(parseDocumentRef('20601234565-F002-9', invoice)).toEqual({
      ruc: '20601234565',
      type: '01',
      series: 'F002',
      number: '9',
    });
    expect(parseDocumentRef('07-FC01-3', invoice)).toEqual({
      ruc: OWN,
      type: '07',
      series: 'FC01',
      number: '3',
    });
  });

  it('accepts portal guide series EG01–EG07 and contingency series with an explicit type', () => {
    expect(parseDocumentRef('20123456786-09-EG07-5', guide)).toMatchObject({ series: 'EG07' });
    expect(parseDocumentRef('20123456786-01-0001-5', invoice)).toMatchObject({ series: '0001', type: '01' });
  });

  it('formats back to the path form of spec 4.2', () => {
    expect(formatDocumentRef(parseDocumentRef('t001 0042', guide))).toBe('20123456786-09-T001-42');
  });
});

describe('parseDocumentRef: rejections name the problem', () => {
  it.each([
    ['', 'ref-missing'],
    ['T001', 'ref-format'],
    ['1-2-3-4-5', 'ref-format'],
    ['20123456787-09-T001-42', 'ref-ruc'],
    ['2012345678-09-T001-42', 'ref-ruc'],
    ['20123456786-05-T001-42', 'ref-type'],
    ['20123456786-01-F001-42', 'ref-type-kind'],
    ['20123456786-09-F001-42', 'ref-series'],
    ['20123456786-09-EG08-42', 'ref-series'],
    ['20123456786-09-T0001-42', 'ref-series'],
    ['20123456786-09-T001-123456789', 'ref-number'],
    ['20123456786-09-T001-0', 'ref-number'],
    ['20123456786-09-T001-4A', 'ref-number'],
    ['EG01-42', 'ref-type-needed'],
  ])('%s → %s (guide)', (raw, identifier) => {
    expect(errorOf(raw, guide).identifier).toBe(identifier);
  });

  it('tells invoice commands that guides belong to guia/guiaxml', () => {
    const error = errorOf('20123456786-09-T001-42', invoice);
    expect(error.identifier).toBe('ref-type-kind');
    expect(error.data).toMatchObject({ tipo: '09', clase: 'invoice' });
  });

  it('infers the type from the series letter for any command, so the wrong command is named', () => {
    const xmlOfGuide = errorOf('T001-42', invoice);
    expect(xmlOfGuide.identifier).toBe('ref-type-kind');
    expect(xmlOfGuide.data).toMatchObject({
      tipo: '09',
      serie: 'T001',
      inferido: true,
      clase: 'invoice',
      sugerencias: ['guia T001-42', 'guiaxml T001-42'],
    });
    const guideOfInvoice = errorOf('F001-42', guide);
    expect(guideOfInvoice.identifier).toBe('ref-type-kind');
    expect(guideOfInvoice.data).toMatchObject({
      tipo: '01',
      inferido: true,
      sugerencias: ['xml F001-42', 'pdf F001-42'],
    });
    expect(errorOf('20123456786 T001 0042?', invoice).data).toMatchObject({
      sugerencias: ['guia 20123456786-T001-42', 'guiaxml 20123456786-T001-42'],
    });
    expect(errorOf('V001-7', invoice).data).toMatchObject({ tipo: '31', inferido: true });
    expect(errorOf('B001-7', guide).data).toMatchObject({ tipo: '03', inferido: true });
  });

  it('marks a zero correlative so the reply can say it must be greater than zero', () => {
    expect(errorOf('20123456786-09-T001-0', guide).data).toMatchObject({ numero: '0', cero: true });
    expect(errorOf('T001-4A', guide).data).toMatchObject({ cero: false });
  });

  it('asks for the issuer when the company RUC is not configured', () => {
    expect(errorOf('F001-123', { kind: 'invoice' }).identifier).toBe('ref-own-ruc');
  });

  it('rejects a series that does not match the type even when the letter is right for another', () => {
    expect(errorOf('20123456786-03-F001-1', invoice).identifier).toBe('ref-series');
    expect(errorOf('20123456786-31-T001-1', guide).identifier).toBe('ref-series');
  });

  it("leaves the example to the router, which takes it from the command (guia's own)", () => {
    const error = errorOf('', guide);
    expect(error.data).not.toHaveProperty('ejemplo');
    expect(exampleFor(guia.examples, error)).toBe('guia 20123456786-09-T001-42');
  });

  it('never throws anything but UserError, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (raw) => {
        try {
          const ref = parseDocumentRef(raw, guide);
          expect(ref.series).toMatch(/^[A-Z0-9]{4}$/);
          expect(ref.number).toMatch(/^[1-9]\d{0,7}$/);
        } catch (error) {
          expect(error).toBeInstanceOf(UserError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('looksLikeDocumentRef', () => {
  it('treats short texts with digits as attempts and chatter as chatter', () => {
    expect(looksLikeDocumentRef('T001-42 enviar')).toBe(true);
    expect(looksLikeDocumentRef('20123456786 09 T001 42 enviar')).toBe(true);
    expect(looksLikeDocumentRef('de remisión para mañana')).toBe(false);
    expect(looksLikeDocumentRef('')).toBe(false);
    expect(looksLikeDocumentRef('la de hoy tiene 3 errores y hay que corregirla ya mismo')).toBe(false);
  });
});
