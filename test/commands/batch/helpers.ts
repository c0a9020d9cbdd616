import ExcelJS from 'exceljs';
import { rucIsValid } from '../../sandbox/check-digits.js';

/** The valid RUC with these first 10 digits (the check digit computed independently). */
export function rucFrom(first10: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    const ruc = `${first10}${digit}`;
    if (rucIsValid(ruc)) return ruc;
  }
  throw new Error(`no check digit for ${first10}`);
}

/** `count` distinct fictional company RUCs (20 + 8 digits from `start`). */
export function fictionalRucs(count: number, start = 70000000): string[] {
  return Array.from({ length: count }, (_, i) => rucFrom(`20${String(start + i).padStart(8, '0')}`));
}

/** The same RUC with a wrong check digit. */
export function badCheck(ruc: string): string {
  return `${ruc.slice(0, 10)}${(Number(ruc[10]) + 1) % 10}`;
}

/** Reads a workbook back with exceljs: each sheet as rows of cell values (header first). */
export async function readWorkbook(bytes: Uint8Array): Promise<{
  workbook: ExcelJS.Workbook;
  sheets: Record<string, unknown[][]>;
}> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as never);
  const sheets: Record<string, unknown[][]> = {};
  for (const sheet of workbook.worksheets) {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    sheets[sheet.name] = rows;
  }
  return { workbook, sheets };
}

/** Builds an .xlsx in memory (a sheet from rows) to attach to a message. */
export async function xlsxOf(rows: unknown[][], sheetName = 'Proveedores'): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
