import type { InvalidEntry } from './entries.js';
import { lazy } from '../../src/lazy.js';
import { fecha } from '../../src/render/format.js';
import { ISSUE_HEADERS, KIND_LABEL, reasonText, RESULT_HEADERS, SHEETS, SOURCE_LABEL } from './labels.js';
import type { BatchRow } from './run.js';

export const XLSX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface WorkbookInput {
  rows: readonly BatchRow[];
  invalid: readonly InvalidEntry[];
  duplicates: number;
  /** The padrón edition (YYYY-MM-DD) the rows from the mirror come from. */
  edition?: string;
}

/** exceljs and its zip writers (~15 MB, ~0.3 s to load): only for a `lote` result. */
const loadExcel = lazy(() => import('exceljs'));

const BAD = {
  font: { color: { argb: 'FF9C0006' } },
  fill: { type: 'pattern', pattern: 'solid', bgColor: { argb: 'FFFFC7CE' } },
} as const;

function rowProblem(row: BatchRow): string | undefined {
  if (row.status === 'not-found') return reasonText(`not-found-${row.item.kind}`);
  if (row.status === 'failed') return reasonText(row.problem ?? 'error');
  if (row.status === 'budget' || row.status === 'hidden') return reasonText(row.status);
  return row.problem ? reasonText(row.problem) : undefined;
}

function resultCells(row: BatchRow, edition: string | undefined): (string | number | null)[] {
  const t = row.taxpayer;
  const r = t ? undefined : row.register;
  const source = t ? SOURCE_LABEL.api : r ? SOURCE_LABEL.register(fecha(edition ?? '')) : null;
  return [
    row.item.number,
    KIND_LABEL[row.item.kind],
    t?.nombre_o_razon_social ?? r?.name ?? row.name ?? null,
    t?.estado ?? r?.estado ?? null,
    t?.condicion ?? r?.condicion ?? null,
    t?.es_agente_de_retencion ?? null,
    t?.es_agente_de_percepcion ?? null,
    t?.es_agente_de_percepcion_combustible ?? null,
    t?.es_buen_contribuyente ?? null,
    t?.direccion_completa ?? r?.address ?? null,
    row.debtTotal ?? null,
    row.debtCount ?? null,
    rowProblem(row) ?? null,
    source,
  ];
}

/**
 * The `lote` result: sheet 1 one row per distinct valid number (in input order), with conditional
 * formatting on state ≠ ACTIVO, condition ≠ HABIDO and debt > 0; sheet 2 the invalid, not found,
 * failed or skipped entries and why. Numbers are text cells, so leading zeros stay.
 */
export async function buildWorkbook(input: WorkbookInput): Promise<Uint8Array> {
  const { default: ExcelJS } = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Chasqui';
  const sheet = workbook.addWorksheet(SHEETS.results, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...RESULT_HEADERS]).font = { bold: true };
  for (const row of input.rows) sheet.addRow(resultCells(row, input.edition));
  const widths = [14, 6, 40, 14, 14, 10, 10, 10, 10, 50, 16, 10, 40, 30];
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(11).numFmt = '#,##0.00';
  const last = Math.max(2, input.rows.length + 1);
  sheet.addConditionalFormatting({
    ref: `D2:D${last}`,
    rules: [{ type: 'expression', priority: 1, formulae: ['AND($D2<>"",$D2<>"ACTIVO")'], style: BAD }],
  });
  sheet.addConditionalFormatting({
    ref: `E2:E${last}`,
    rules: [{ type: 'expression', priority: 2, formulae: ['AND($E2<>"",$E2<>"HABIDO")'], style: BAD }],
  });
  sheet.addConditionalFormatting({
    ref: `K2:K${last}`,
    rules: [{ type: 'expression', priority: 3, formulae: ['$K2>0'], style: BAD }],
  });

  const issues = workbook.addWorksheet(SHEETS.issues);
  issues.addRow([...ISSUE_HEADERS]).font = { bold: true };
  for (const entry of input.invalid) issues.addRow([entry.input, reasonText(entry.reason)]);
  for (const row of input.rows) {
    const problem = row.status === 'ok' ? undefined : rowProblem(row);
    if (problem) issues.addRow([row.item.number, problem]);
  }
  if (input.duplicates > 0) issues.addRow([String(input.duplicates), reasonText('duplicates')]);
  issues.getColumn(1).width = 24;
  issues.getColumn(2).width = 60;
  issues.getColumn(1).numFmt = '@';
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
