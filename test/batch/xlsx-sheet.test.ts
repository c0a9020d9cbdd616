import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../bench/hostile-files.js';
import { FileRefusedError, readDeadline } from '../../src/batch/file-refusal.js';
import { xlsxSheetRows } from '../../src/batch/xlsx-sheet.js';
import { parseConfig } from '../../src/config.js';

/** The streaming .xlsx reader on parts written by hand, as Excel and other tools write them. */
const LIMITS = parseConfig({}).batch;
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const encode = (text: string) => new TextEncoder().encode(text);
const anySheet = () => true;

function workbook(parts: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, encode(text)])));
}

const rels = (targets: string[]) =>
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${targets
    .map((target, i) => `<Relationship Id="rId${i + 1}" Type="x/worksheet" Target="${target}"/>`)
    .join(
      '',
    )}<Relationship Id="rIdS" Type="http://x/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

describe('xlsx sheet reader', () => {
  it('reads shared (rich text, no phonetic guide), inline and number cells by their column', async () => {
    const bytes = workbook({
      'xl/workbook.xml': `<workbook ${NS} ${R}><sheets><sheet name="A" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': rels(['worksheets/sheet1.xml']),
      'xl/sharedStrings.xml': `<sst ${NS}><si><t>N° RUC</t></si><si><r><t>2012345</t></r><r><rPr/><t>6786</t></r><rPh><t>x</t></rPh></si></sst>`,
      'xl/worksheets/sheet1.xml':
        `<worksheet ${NS}><sheetData><row r="1"><c r="C1" t="s"><v>0</v></c></row>` +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>Andinos</t></is></c><c r="C2" t="s"><v>1</v></c></row>' +
        '<row r="3"/><row r="4"><c r="C4"><v>1234567</v></c><c r="D4" t="b"><v>1</v></c></row></sheetData></worksheet>',
    });
    expect(await xlsxSheetRows(bytes, LIMITS, anySheet)).toEqual([
      ['', '', 'N° RUC'],
      ['Andinos', '', '20123456786'],
      ['', '', '01234567', 'true'],
    ]);
  });

  it('follows the workbook order of sheets and takes the first one the caller accepts', async () => {
    const sheet = (value: string) =>
      `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
      `<x:row><x:c t="inlineStr"><x:is><x:t>${value}</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const bytes = workbook({
      'xl/workbook.xml': `<workbook ${NS} ${R}><sheets><sheet name="B" r:id="rId2"/><sheet name="A" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': rels(['worksheets/sheet1.xml', '/xl/worksheets/sheet2.xml']),
      'xl/worksheets/sheet1.xml': sheet('primera'),
      'xl/worksheets/sheet2.xml': sheet('segunda'),
    });
    expect(await xlsxSheetRows(bytes, LIMITS, anySheet)).toEqual([['segunda']]);
    const wanted = (rows: readonly (readonly string[])[]) => rows[0]?.[0] === 'primera';
    expect(await xlsxSheetRows(bytes, LIMITS, wanted)).toEqual([['primera']]);
  });

  it('keeps at most 64 columns and 256 characters of a cell', async () => {
    const long = 'A'.repeat(1000);
    const bytes = workbook({
      'xl/worksheets/sheet1.xml':
        `<worksheet ${NS}><sheetData><row><c t="inlineStr"><is><t>${long}</t></is></c>` +
        '<c r="XFD1"><v>20123456786</v></c></row></sheetData></worksheet>',
    });
    const rows = await xlsxSheetRows(bytes, LIMITS, anySheet);
    expect(rows).toEqual([['A'.repeat(256)]]);
  });

  it('refuses a read that passes maxReadMs (a clock that moves one second per check)', () => {
    let now = 0;
    const deadline = readDeadline({ maxReadMs: 1500 }, () => (now += 1000));
    expect(() => deadline()).not.toThrow();
    expect(() => deadline()).toThrow(FileRefusedError);
  });

  it('applies the time cap while streaming a sheet', async () => {
    const bytes = await xlsxBomb({ bytes: 4 * 1024 * 1024 });
    const limits = { ...LIMITS, maxReadMs: 500, maxFileRows: 1_000_000, maxZipRatio: 10_000 };
    // A clock that moves 100 ms per check: the cap passes after a few chunks of the sheet.
    let now = 0;
    const stepping = () => (now += 100);
    await expect(xlsxSheetRows(bytes, limits, anySheet, stepping)).rejects.toMatchObject({ reason: 'slow' });
    expect(now).toBeGreaterThan(500);
  });
});
