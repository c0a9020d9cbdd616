import { describe, expect, it } from 'vitest';
import { parseDocumentArgs, readDocumentArgs } from '../../src/input/document-args.js';
import { UserError } from '../../src/input/user-error.js';

const OWN = '20123456786';

function errorOf(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a UserError');
}

describe('readDocumentArgs: the reference among the words around it', () => {
  it.each([
    ['T001 N° 42', 'T001 42'],
    ['serie T001 número 42', 'T001 42'],
    ['T001 nro. 42', 'T001 42'],
    ['N°T001-42', 'T001 42'],
    ['remitente T001 42', 'T001 42'],
    ['20123456786-09-T001-00000042.pdf', '20123456786 09 T001 00000042'],
  ])('drops labels and document words: %j → %j', (raw, ref) => {
    expect(readDocumentArgs(raw)).toMatchObject({ ref, before: [], after: [] });
  });

  it.each([
    ['nota de crédito FC01-5', '07'],
    ['N/C FC01-5', '07'],
    ['nota de débito FD01-3', '08'],
    ['boleta B001-15', '03'],
    ['fact F001-123', '01'],
    ['GRE T001-42', '09'],
    ['guía de transportista V001-8', '31'],
  ])('a document word is a type hint: %j → %s', (raw, typeWord) => {
    expect(readDocumentArgs(raw).typeWord).toBe(typeWord);
  });

  it('hands back the words after the reference, and keeps unknown words before it', () => {
    expect(readDocumentArgs('T001-42 mándasela al chofer')).toMatchObject({
      ref: 'T001 42',
      afterKeys: ['mandasela', 'al', 'chofer'],
    });
    expect(readDocumentArgs('perdió la T001-42').before).toEqual(['perdio']);
    expect(readDocumentArgs('T001-42 no contesta').afterKeys).toEqual(['no', 'contesta']);
  });

  it.each(['T001-42 y T001-44', 'F001-123, F001-902', 'T001-42 T001-44', 'F001-123 y la F001-902'])(
    'several references are one at a time: %j',
    (raw) => {
      const error = errorOf(() => readDocumentArgs(raw, 'una guía'));
      expect(error.identifier).toBe('one-at-a-time');
      expect(error.data).toMatchObject({ que: 'una guía', cantidad: 2 });
    },
  );

  it('one reference with its issuer and type is not several', () => {
    expect(readDocumentArgs('20123456786 09 T001 42').ref).toBe('20123456786 09 T001 42');
  });
});

describe('parseDocumentArgs: the type word comes before the series inference', () => {
  it('a note series is the note the words name, not a factura', () => {
    const options = { kind: 'invoice', ownRuc: OWN, que: 'un comprobante' } as const;
    expect(parseDocumentArgs('nota de crédito FC01-5', options)).toEqual({
      ruc: OWN,
      type: '07',
      series: 'FC01',
      number: '5',
    });
    expect(parseDocumentArgs('nota de débito FD01-3', options).type).toBe('08');
    expect(parseDocumentArgs('FC01-5', options).type).toBe('01');
  });

  it('a word the series cannot be is ignored (a loosely named document), never an error', () => {
    const options = { kind: 'invoice', ownRuc: OWN, que: 'un comprobante' } as const;
    expect(parseDocumentArgs('factura B001-15', options).type).toBe('03');
    expect(parseDocumentArgs('boleta SG01-3', options).type).toBe('03');
  });

  it('words after the reference other than the tail are a format error', () => {
    const options = {
      kind: 'invoice' as const,
      ownRuc: OWN,
      que: 'un comprobante',
      tail: new Set(['en', 'xml']),
    };
    expect(parseDocumentArgs('F001-123 en xml porfa', options).series).toBe('F001');
    expect(errorOf(() => parseDocumentArgs('F001-123 mañana', options)).identifier).toBe('ref-format');
    expect(errorOf(() => parseDocumentArgs('señora F001-123', options)).identifier).toBe('ref-format');
  });
});
