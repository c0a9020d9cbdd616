import { beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '../../../../src/lookup/schemas/guide.js';
import { createGuidePdfRenderer, renderGuidePdf } from '../../../../commands/guides/pdf/delivery-guide.js';
import { loadGuideFonts } from '../../../../commands/guides/pdf/fonts.js';
import type { GuidePdfPort } from '../../../../commands/guides/port.js';
import { guides } from '../../../../src/sandbox/fixtures/index.js';
import { buildCancelledGuide, buildGuide, driver } from '../../../helpers/guide-builder.js';
import { type PdfText, pdfText } from '../../../helpers/pdf-text.js';

const FIXED = new Date('2026-11-20T15:00:00Z');

function fixture(key: string): Guide {
  const guide = guides[`20123456786-09-${key}`];
  if (!guide) throw new Error(`missing sandbox guide ${key}`);
  return structuredClone(guide);
}

/** Whitespace-free text: long URLs and codes may wrap at any character. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

let renderer: GuidePdfPort;
const read = async (guide: Guide): Promise<PdfText> => pdfText(await renderer.render(guide));

beforeAll(() => {
  renderer = createGuidePdfRenderer({ creationDate: FIXED });
});

describe('guide PDF of an active guide (sandbox T001-42)', () => {
  let pdf: PdfText;
  let guide: Guide;
  beforeAll(async () => {
    guide = fixture('T001-42');
    pdf = await read(guide);
  });

  it('is one A4 page numbered 1/1', () => {
    expect(pdf.numPages).toBe(1);
    expect(Math.round(pdf.pageSize.width)).toBe(595);
    expect(Math.round(pdf.pageSize.height)).toBe(842);
    expect(pdf.text).toContain('Página 1/1');
  });

  it('prints the issuer and the RUC box with title and series-number', () => {
    expect(pdf.text).toContain('TRANSPORTES ANDINOS DEL SUR S.A.C.');
    expect(pdf.text).toContain('R.U.C. N° 20123456786');
    expect(pdf.text).toContain('GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE');
    expect(pdf.text).toContain('T001-00000042');
  });

  it('prints dates, recipient and shipment data', () => {
    expect(pdf.text).toContain('20/11/2026 09:15');
    expect(pdf.text).toContain('21/11/2026 18:00');
    expect(pdf.text).toContain('DISTRIBUIDORA LOS ALAMOS E.I.R.L.');
    expect(pdf.text).toContain('RUC 20601234565');
    expect(pdf.text).toContain('VENTA');
    expect(pdf.text).toContain('TRANSPORTE PRIVADO');
    expect(pdf.text).toContain('4,380.5 KGM');
  });

  it('prints both long addresses in full, with ubigeo, wrapped inside the margins', () => {
    const { partida, llegada } = guide.traslado;
    expect(pdf.text).toContain(partida.direccion.desDireccion);
    expect(pdf.text).toContain(llegada.direccion.desDireccion);
    expect(pdf.text).toContain('Ubigeo 150115');
    expect(pdf.text).toContain('AREQUIPA - AREQUIPA - CERRO COLORADO');
    for (const item of pdf.items[0] ?? []) {
      if (item.angle !== 0) continue;
      expect(item.x).toBeGreaterThanOrEqual(35);
      expect(item.x + item.width).toBeLessThanOrEqual(pdf.pageSize.width - 35);
    }
  });

  it('prints vehicles (main plate first) and each driver with document and licence', () => {
    expect(pdf.text.indexOf('ABC123')).toBeLessThan(pdf.text.indexOf('B7X456'));
    expect(pdf.text).toContain('HUAMAN TORRES CARLOS ALBERTO');
    expect(pdf.text).toContain('DNI 41234567 · Licencia Q41234567');
    expect(pdf.text).toContain('FLORES CCAHUANA LUCÍA');
    expect(pdf.text).toContain('DNI 70123456 · Licencia Q70123456');
  });

  it('lists every goods item with code, unit and quantity', () => {
    for (const item of guide.traslado.bien) {
      expect(pdf.text).toContain(item.desBien);
      expect(pdf.text).toContain(item.codBien);
    }
    expect(pdf.text).toContain('MILLARES');
    expect(pdf.text).toContain('412.75');
  });

  it('ends with observations, hash, QR link and the legend, in the order of peru-domain.md', () => {
    const order = [
      'FECHAS',
      'DESTINATARIO',
      'DATOS DEL TRASLADO',
      'DATOS DEL TRANSPORTE',
      'BIENES TRASLADADOS',
      'OBSERVACIONES',
      'Representación impresa de la Guía de Remisión Electrónica',
    ].map((heading) => pdf.text.indexOf(heading));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(pdf.text).toContain('NO APILAR MÁS DE 3 BULTOS');
    expect(pdf.text).toContain(`Hash: ${guide.emision.firma.digestValue}`);
    expect(squeeze(pdf.text)).toContain(squeeze(guide.emision.desQr));
  });

  it('carries no cancellation mark', () => {
    expect(pdf.text).not.toContain('ANULADA');
  });
});

describe('guide PDF of a cancelled guide', () => {
  it('shows ANULADA, the cancellation reason and date (sandbox T001-43)', async () => {
    const pdf = await read(fixture('T001-43'));
    expect(pdf.text).toContain('GUÍA ANULADA');
    expect(pdf.text).toContain('ERROR EN LOS DATOS DEL DESTINATARIO');
    expect(pdf.text).toContain('18/11/2026 16:42');
    const marks = pdf.items[0]?.filter((item) => item.str === 'ANULADA') ?? [];
    expect(marks).toHaveLength(1);
    expect(Math.abs(marks[0]?.angle ?? 0)).toBeGreaterThan(30);
  });

  it('puts the diagonal mark on every page of a long cancelled guide', async () => {
    const guide = buildCancelledGuide();
    guide.traslado.bien = fixture('T001-44').traslado.bien.slice(0, 90);
    const pdf = await read(guide);
    expect(pdf.numPages).toBeGreaterThan(1);
    for (const items of pdf.items) {
      expect(items.some((item) => item.str === 'ANULADA' && item.angle !== 0)).toBe(true);
    }
  });

  it('treats cancellation data without state 02 as cancelled too', async () => {
    const guide = buildCancelledGuide();
    guide.codEstado = '01';
    const pdf = await read(guide);
    expect(pdf.items[0]?.some((item) => item.str === 'ANULADA')).toBe(true);
  });
});

describe('guide PDF with 200 goods (sandbox T001-44)', () => {
  let pdf: PdfText;
  let guide: Guide;
  beforeAll(async () => {
    guide = fixture('T001-44');
    pdf = await read(guide);
  });

  it('spans exactly 6 pages, each numbered "Página i/6"', () => {
    // Page 1 holds the header sections and rows 1-18; a continuation page holds 46 rows, so
    // rows 19-64, 65-110, 111-156 and 157-200 fill pages 2-5; the observations and the footer
    // (QR, hash, legend) no longer fit under row 200 and open page 6.
    const codes = new Set(guide.traslado.bien.map((item) => item.codBien));
    const rowsPerPage = pdf.items.map((items) => items.filter((item) => codes.has(item.str)).length);
    expect(rowsPerPage).toEqual([18, 46, 46, 46, 44, 0]);
    expect(pdf.numPages).toBe(6);
    expect(pdf.pages[5]).toContain('OBSERVACIONES');
    expect(pdf.pages[5]).toContain('Representación impresa de la Guía de Remisión Electrónica');
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1}/6`);
      expect(page.match(/Página \d+\/\d+/g)).toEqual([`Página ${index + 1}/6`]);
    });
  });

  it('repeats the table header on every page that holds goods, and wastes no page', () => {
    const codes = guide.traslado.bien.map((item) => item.codBien);
    pdf.pages.forEach((page, index) => {
      const rows = pdf.items[index]?.filter((item) => codes.includes(item.str)).length ?? 0;
      if (rows > 0) expect(page).toMatch(/N° Código Descripción Unidad Cantidad/);
      if (index > 0 && index < pdf.numPages - 1) expect(rows).toBeGreaterThan(30);
    });
    expect(pdf.pages.slice(1).every((page) => page.includes('(continuación)'))).toBe(true);
  });

  it('prints every one of the 200 items exactly once', () => {
    const printed = pdf.items.flat().map((item) => item.str);
    for (const item of guide.traslado.bien) {
      expect(printed.filter((str) => str === item.codBien)).toHaveLength(1);
      expect(pdf.text).toContain(item.desBien);
    }
  });
});

describe('guide PDF with every nullable field null (sandbox T001-45)', () => {
  it('renders, leaves empty sections out and never prints null or undefined', async () => {
    const pdf = await read(fixture('T001-45'));
    expect(pdf.numPages).toBe(1);
    expect(pdf.text).toContain('T001-00000045');
    expect(pdf.text).toContain('DESTINATARIO');
    expect(pdf.text).not.toMatch(/null|undefined|NaN|\[object/i);
    expect(pdf.text).not.toContain('DATOS DEL TRANSPORTE');
    expect(pdf.text).not.toContain('OBSERVACIONES');
    expect(pdf.text).not.toContain('Fecha de entrega');
  });

  it('survives blank strings and a builder guide with the nulls of 2.15', async () => {
    const guide = buildGuide({ observacion: '   ' });
    guide.emisor.desNombre = '';
    guide.receptor.desNombre = ' ';
    guide.traslado.bien = [];
    const pdf = await read(guide);
    expect(pdf.text).not.toMatch(/null|undefined/);
    expect(pdf.text).not.toContain('OBSERVACIONES');
    expect(pdf.text).not.toContain('BIENES TRASLADADOS');
    expect(pdf.text).toContain('R.U.C. N° 20123456786');
  });
});

describe('guide PDF text outside WinAnsi', () => {
  it('keeps names with Ł, Ø, Ž, Đ and Cyrillic intact (embedded DejaVu subset)', async () => {
    const guide = buildGuide();
    guide.receptor.desNombre = 'ŽOFIA ĐURIĆ & HIJOS S.A.C.';
    guide.traslado.conductor = [driver({ desNombre: 'Łukasz Ørsted', numDocIdentidad: '001234567' })];
    guide.traslado.bien[0]!.desBien = 'ЭКСКАВАТОР Ёж — pieza №5';
    const pdf = await read(guide);
    expect(pdf.text).toContain('ŽOFIA ĐURIĆ & HIJOS S.A.C.');
    expect(pdf.text).toContain('Łukasz Ørsted');
    expect(pdf.text).toContain('ЭКСКАВАТОР Ёж — pieza №5');
  });
});

describe('guide PDF layout edge cases', () => {
  it('flows a very long observation over extra pages and keeps the numbering right', async () => {
    const guide = buildGuide({ observacion: Array.from({ length: 500 }, (_, i) => `nota${i}`).join(' ') });
    const pdf = await read(guide);
    expect(pdf.numPages).toBeGreaterThan(1);
    expect(pdf.text).toContain('nota0 nota1');
    expect(pdf.text).toContain('nota499');
    expect(pdf.pages.at(-1)).toContain(`Página ${pdf.numPages}/${pdf.numPages}`);
  });

  it('cuts a goods description longer than a page instead of overflowing it', async () => {
    const guide = buildGuide();
    guide.traslado.bien[0]!.desBien = Array.from({ length: 1000 }, (_, i) => `palabra${i}`).join(' ');
    const pdf = await read(guide);
    expect(pdf.numPages).toBeLessThanOrEqual(2);
    expect(pdf.text).toContain('palabra0 palabra1');
    expect(pdf.text).not.toContain('palabra999');
    expect(pdf.text).toContain('…');
    for (const items of pdf.items) {
      for (const item of items.filter((it) => it.angle === 0)) expect(item.y).toBeGreaterThan(20);
    }
  });

  it('prints a placeholder when the QR text is too long to encode', async () => {
    const guide = buildGuide();
    guide.emision.desQr = `https://example.pe/${'x'.repeat(3000)}`;
    const pdf = await read(guide);
    expect(pdf.text).toContain('QR no disponible');
  });

  it('renders the same bytes for the same guide and creation date', async () => {
    const fonts = loadGuideFonts();
    const a = await renderGuidePdf(fixture('T001-42'), fonts, { creationDate: FIXED });
    const b = await renderGuidePdf(fixture('T001-42'), fonts, { creationDate: FIXED });
    expect(Buffer.compare(a, b)).toBe(0);
    const info = (await pdfText(a)).info;
    expect(String(info.Title)).toContain('T001-00000042');
    expect(String(info.CreationDate)).toContain('20261120');
  });
});
