import { describe, expect, it } from 'vitest';
import { parseCsv, sniffDelimiter } from '../../src/batch/csv.js';
import { batchCost, classify, planBatch, tokensOf } from '../../src/batch/entries.js';
import { batchFileKind, pickColumn, tokensFromFile } from '../../src/batch/files.js';
import { parseConfig } from '../../src/config.js';
import { badCheck, rucFrom, xlsxOf } from './helpers.js';

const LIMITS = parseConfig({}).batch;
const RUC_A = '20123456786';
const RUC_B = '20601234565';

describe('batch entries', () => {
  it('splits pasted lists on lines, spaces, commas and semicolons, ignoring label words', () => {
    expect(tokensOf('estos ruc:\n20123456786, 20601234565;45678912  10117410-2')).toEqual([
      RUC_A,
      RUC_B,
      '45678912',
      '10117410-2',
    ]);
  });

  it('classifies RUCs, DNIs (with or without check character) and says why the rest is invalid', () => {
    expect(classify('20-12345678-6')).toEqual({ kind: 'ruc', number: RUC_A });
    expect(classify('45.678.912')).toEqual({ kind: 'dni', number: '45678912' });
    expect(classify('10117410-2')).toEqual({ kind: 'dni', number: '10117410' });
    expect(classify('10117410-5')).toEqual({ input: '10117410-5', reason: 'dni-check' });
    expect(classify(badCheck(RUC_A))).toEqual({ input: badCheck(RUC_A), reason: 'ruc-check' });
    expect(classify('30123456786')).toEqual({ input: '30123456786', reason: 'ruc-prefix' });
    expect(classify('2012345')).toEqual({ input: '2012345', reason: 'length' });
    expect(classify('ABC123')).toEqual({ input: 'ABC123', reason: 'format' });
  });

  it('counts duplicates once and keeps the input order', () => {
    const plan = planBatch([RUC_B, RUC_A, '20-60123456-5', RUC_A, '123']);
    expect(plan.items).toEqual([
      { kind: 'ruc', number: RUC_B },
      { kind: 'ruc', number: RUC_A },
    ]);
    expect(plan.duplicates).toBe(2);
    expect(plan.invalid).toEqual([{ input: '123', reason: 'length' }]);
  });

  it('costs two lookups per RUC and one per DNI only where personal data may be shown', () => {
    const plan = planBatch([RUC_A, RUC_B, '45678912']);
    expect(batchCost(plan, true)).toBe(5);
    expect(batchCost(plan, false)).toBe(4);
  });
});

describe('batch files', () => {
  it('sniffs the delimiter and honours quotes', () => {
    expect(sniffDelimiter('a;b;c\n1;2;3\n')).toBe(';');
    expect(
      parseCsv('\ufeffnombre,ruc\n"Ferretería ""El Sol"", S.A.C.",20123456786\r\nOtro,20601234565\n'),
    ).toEqual([
      ['nombre', 'ruc'],
      ['Ferretería "El Sol", S.A.C.', RUC_A],
      ['Otro', RUC_B],
    ]);
  });

  it('finds the column by its header, else by content', () => {
    const byHeader = [
      ['Proveedor', 'Monto', 'N° RUC'],
      ['Andinos', '1200', RUC_A],
      ['Alamos', '300', RUC_B],
    ];
    expect(pickColumn(byHeader)).toEqual([RUC_A, RUC_B]);
    const noHeader = [
      ['Andinos', '15', RUC_A],
      ['Alamos', '16', rucFrom('2055555555')],
    ];
    expect(pickColumn(noHeader)).toEqual([RUC_A, rucFrom('2055555555')]);
  });

  it('reads .txt, .csv and .xlsx (a DNI typed as a number keeps its leading zero)', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(await tokensFromFile('txt', encode(`RUC\n${RUC_A}\n${RUC_B}\n`), LIMITS)).toEqual([RUC_A, RUC_B]);
    expect(await tokensFromFile('csv', encode(`razon;ruc\nX;${RUC_A}\n`), LIMITS)).toEqual([RUC_A]);
    const xlsx = await xlsxOf([
      ['Documento', 'Nombre'],
      [Number(RUC_A), 'Andinos'],
      [1234567, 'Persona'],
    ]);
    expect(await tokensFromFile('xlsx', xlsx, LIMITS)).toEqual([RUC_A, '01234567']);
  });

  it('accepts files by extension or mimetype only', () => {
    expect(batchFileKind('Proveedores.XLSX', 'application/octet-stream')).toBe('xlsx');
    expect(batchFileKind('lista', 'text/csv')).toBe('csv');
    expect(batchFileKind('foto.jpg', 'image/jpeg')).toBeUndefined();
  });
});
