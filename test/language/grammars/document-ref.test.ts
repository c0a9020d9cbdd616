import { describe, expect, it } from 'vitest';
import {
  documentRefGrammar,
  readReference,
} from '../../../src/language/grammars/identifiers/document-ref.js';
import { readLine } from '../../../src/language/grammars/identifiers/shared.js';
import { CONTEXT, read, RUC } from './read.js';

const invoice = documentRefGrammar({ kind: 'invoice' });
const guide = documentRefGrammar({ kind: 'guide', defaultType: '09' });
/** A guide command with no default type: the type comes from the series or the words alone. */
const anyGuide = documentRefGrammar({ kind: 'guide' });
const ref = (type: string, series: string, number: string, ruc: string = RUC.company) => ({
  ruc,
  type,
  series,
  number,
});

describe('document references in any order', () => {
  it.each([
    // ref-parts: one written reference, the classic forms
    ['F001-123', ref('01', 'F001', '123'), 'ref-parts'],
    [`${RUC.other}-01-F001-00000123`, ref('01', 'F001', '123', RUC.other), 'ref-parts'],
    [`${RUC.other} 01 F001 123`, ref('01', 'F001', '123', RUC.other), 'ref-parts'],
    [`${RUC.other}-01-F001-123.pdf`, ref('01', 'F001', '123', RUC.other), 'ref-parts'],
    ['N°B001-15', ref('03', 'B001', '15'), 'ref-parts'],
    // ref-type-word: the type written in full, before the reference
    ['la nota de crédito FC01-5', ref('07', 'FC01', '5'), 'ref-type-word'],
    ['N/C FC01-5', ref('07', 'FC01', '5'), 'ref-type-word'],
    ['nota de débito FD01-3', ref('08', 'FD01', '3'), 'ref-type-word'],
    ['boleta de venta electrónica B001-15', ref('03', 'B001', '15'), 'ref-type-word'],
    // ref-any-order: labels and parts in any order, words between them
    ['la boleta 77 de la serie B002', ref('03', 'B002', '77'), 'ref-any-order'],
    ['factura electrónica número 123 serie F001', ref('01', 'F001', '123'), 'ref-any-order'],
    ['serie F001 número 42', ref('01', 'F001', '42'), 'ref-label-series'],
    ['F001 N° 42', ref('01', 'F001', '42'), 'ref-label'],
    ['F001 No. 42', ref('01', 'F001', '42'), 'ref-label'],
    ['serie F001 correlativo 00042', ref('01', 'F001', '42'), 'ref-label'],
    [`F001-123 del ruc ${RUC.other}`, ref('01', 'F001', '123', RUC.other), 'ref-label-ruc'],
    [`ruc ${RUC.other} serie F001 número 5`, ref('01', 'F001', '5', RUC.other), 'ref-label-ruc'],
    ['b001 15', ref('03', 'B001', '15'), 'ref-parts'],
    ['fact F001-123', ref('01', 'F001', '123'), 'ref-type-word'],
    ['FC01-5', ref('01', 'FC01', '5'), 'ref-parts'], // the series alone: a factura's
    ['boleta SG01-3', ref('03', 'SG01', '3'), 'ref-type-word'], // the word names the type
    [`${RUC.other}-F002-9`, ref('01', 'F002', '9', RUC.other), 'ref-parts'],
    ['07-FC01-3', ref('07', 'FC01', '3'), 'ref-parts'],
    [`${RUC.company}-01-0001-5`, ref('01', '0001', '5'), 'ref-parts'], // contingency series, type given
  ])('%j', (line, value, rule) => {
    expect(read(invoice, line)).toMatchObject({ value, because: expect.arrayContaining([rule]) });
  });

  it.each([
    ['guía de remisión remitente T001-42', ref('09', 'T001', '42')],
    ['serie T001 número 42', ref('09', 'T001', '42')],
    ['GRE T001 N° 42', ref('09', 'T001', '42')],
    ['guía transportista EG01-5', ref('31', 'EG01', '5')],
    ['la guía EG01-5', ref('09', 'EG01', '5')],
    ['V001-8', ref('31', 'V001', '8')],
    ['T001-42', ref('09', 'T001', '42')],
    [`${RUC.company}-09-T001-42`, ref('09', 'T001', '42')],
    [`${RUC.company} 09 T001 42`, ref('09', 'T001', '42')],
    [`${RUC.company}-09 t001 42`, ref('09', 'T001', '42')],
    [`  ${RUC.company} – 09 – T001 – 42 `, ref('09', 'T001', '42')],
    [`${RUC.company}-09-T001-00000042`, ref('09', 'T001', '42')],
    [`${RUC.company}-09-EG07-5`, ref('09', 'EG07', '5')],
    ['T001 N° 42', ref('09', 'T001', '42')],
    ['T001 nro. 42', ref('09', 'T001', '42')],
    ['N°T001-42', ref('09', 'T001', '42')],
    ['remitente T001 42', ref('09', 'T001', '42')],
    ['guía de transportista V001-8', ref('31', 'V001', '8')],
  ])('guide: %j', (line, value) => {
    expect(read(guide, line)).toMatchObject({ value });
  });

  it.each(['T001-42', 'V001-7', `${RUC.company}-09-T001-42`])(
    'a guide command with no default type reads %j by its series or its type',
    (line) => {
      expect(read(anyGuide, line)).toHaveProperty('value');
    },
  );

  it('the span ends where the reference ends: the command judges the words after it', () => {
    expect(read(guide, 'serie T001 número 42 mándasela al chofer')?.span).toBe('serie T001 número 42');
    expect(read(invoice, 'F001-123 en pdf porfa')?.span).toBe('F001-123');
    expect(read(invoice, 'perdió la F001-123')?.span).toBe('la F001-123');
  });
});

describe('document references: no', () => {
  it.each([
    ['T001-42 y T001-44', 'one-at-a-time', { que: 'una guía', cantidad: 2 }],
    ['T001-42, T001-44', 'one-at-a-time', { cantidad: 2 }],
    ['T001-42 T001-44', 'one-at-a-time', { cantidad: 2 }],
    ['T001-42 y la guía T001-44', 'one-at-a-time', { cantidad: 2 }],
    ['T001', 'ref-format', {}],
    ['la guía 42', 'ref-format', {}],
    ['T0001-42', 'ref-series', {}],
    ['F001-42', 'ref-type-kind', { tipo: '01', inferido: true }],
    ['T001-0', 'ref-number', { cero: true }],
    [`${RUC.company.slice(0, 10)}7-09-T001-42`, 'ref-ruc', {}],
    ['EG08-4', 'ref-series', {}],
    ['1-2-3-4-5', 'ref-format', {}],
    ['2012345678-09-T001-42', 'ref-ruc', {}],
    [`${RUC.company}-05-T001-42`, 'ref-type', {}],
    [`${RUC.company}-01-F001-42`, 'ref-type-kind', {}],
    [`${RUC.company}-09-F001-42`, 'ref-series', {}],
    [`${RUC.company}-09-EG08-42`, 'ref-series', {}],
    [`${RUC.company}-09-T0001-42`, 'ref-series', {}],
    [`${RUC.company}-31-T001-1`, 'ref-series', {}], // T is a 09 series, not a 31 one
    [`${RUC.company}-09-T001-123456789`, 'ref-number', {}],
    [`${RUC.company}-09-T001-0`, 'ref-number', { numero: '0', cero: true }],
    ['T001-4A', 'ref-number', { cero: false }],
    ['F001-42', 'ref-type-kind', { tipo: '01', inferido: true, sugerencias: ['xml F001-42', 'pdf F001-42'] }],
    ['B001-7', 'ref-type-kind', { tipo: '03', inferido: true }],
  ])('guide %j → %s', (line, error, data) => {
    expect(read(guide, line)).toMatchObject({ error, data });
  });

  it('a portal guide series says nothing of its type: without a default one, it is asked for', () => {
    expect(read(anyGuide, 'EG01-42')).toMatchObject({ error: 'ref-type-needed' });
  });

  it.each([
    [`${RUC.company}-09-T001-42`, 'ref-type-kind', { tipo: '09', clase: 'invoice' }],
    [
      'T001-42',
      'ref-type-kind',
      {
        tipo: '09',
        serie: 'T001',
        inferido: true,
        clase: 'invoice',
        sugerencias: ['guia T001-42', 'guiaxml T001-42'],
      },
    ],
    [
      `${RUC.company} T001 0042?`,
      'ref-type-kind',
      { sugerencias: [`guia ${RUC.company}-T001-42`, `guiaxml ${RUC.company}-T001-42`] },
    ],
    ['V001-7', 'ref-type-kind', { tipo: '31', inferido: true }],
    [`${RUC.company}-03-F001-1`, 'ref-series', {}], // F is a factura series, not a boleta one
    ['F001-123 y la F001-902', 'one-at-a-time', { cantidad: 2 }],
  ])('invoice %j → %s: a guide is named to the guide commands', (line, error, data) => {
    expect(read(invoice, line)).toMatchObject({ error, data });
  });

  it('asks for the issuer when the company RUC is not configured', () => {
    expect(read(invoice, 'F001-123', { now: CONTEXT.now })).toMatchObject({ error: 'ref-own-ruc' });
  });

  it('a type word the series cannot be is a loose name, not an error (`factura B001-15` is a boleta)', () => {
    expect(read(invoice, 'factura B001-15')).toMatchObject({ value: ref('03', 'B001', '15') });
  });

  it.each(['guía de remisión para mañana', 'la factura ya llegó', ''])('%j holds no reference', (line) => {
    expect(readReference(readLine(line))).toBeUndefined();
  });

  it('a date after a complete reference is not read into it', () => {
    expect(readReference(readLine('T001-42 del 20/11'))).toMatchObject({ end: 1, count: 1 });
  });
});
