import PDFDocument from 'pdfkit';
import type { Guide } from '../../../src/lookup/schemas/guide.js';
import type { GuidePdfPort } from '../port.js';
import { FONT_BOLD, FONT_REGULAR, type GuideFonts, loadGuideFonts } from './fonts.js';
import { goodsTable } from './goods-table.js';
import { buildGuideView } from './guide-view.js';
import { type Box, FOOTER_SPACE, MARGIN, type Writer } from './layout.js';
import { type CancelledMark, markPages } from './page-marks.js';
import {
  cancellationSection,
  datesSection,
  footerSection,
  headerSection,
  observationsSection,
  recipientSection,
  shipmentSection,
  transportSection,
} from './sections.js';

/**
 * The printed representation of an electronic delivery guide (spec 2.15) as an A4 PDF, built with
 * pdfkit: sections in the order of peru-domain.md, DejaVu Sans embedded and subset (names outside
 * WinAnsi print), a goods table that repeats its header, "Página n/N", and "ANULADA" when cancelled.
 */

export interface GuidePdfOptions {
  /** Fixed creation date: the same guide then renders to the same bytes (tests, caching). */
  creationDate?: Date;
  /** Receives where the QR and the ANULADA marks were drawn (tests check they never overlap). */
  onLayout?: (layout: GuideLayout) => void;
}

/** Layout facts of one render; page indexes are 0-based. */
export interface GuideLayout {
  pages: number;
  qr?: { page: number; box: Box };
  marks: CancelledMark[];
}

type PdfFontSource = Parameters<PDFKit.PDFDocument['registerFont']>[1];

/** Renders one guide with fonts loaded beforehand (see `loadGuideFonts`). */
export function renderGuidePdf(
  guide: Guide,
  fonts: GuideFonts,
  options: GuidePdfOptions = {},
): Promise<Buffer> {
  const view = buildGuideView(guide);
  const title = [view.title, view.printedId].join(' ');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    lang: 'es-PE',
    // No default font: pdfkit would parse Helvetica's metrics for every document; every write
    // below selects one of the DejaVu fonts first.
    font: null as unknown as string,
    info: {
      Title: title,
      Author: view.issuerName ?? `RUC ${view.ruc}`,
      Subject: `RUC ${view.ruc} ${title}`,
      Creator: 'Chasqui',
      Producer: 'Chasqui (pdfkit)',
      CreationDate: options.creationDate ?? new Date(),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont(FONT_REGULAR, fonts.regular as PdfFontSource);
  doc.registerFont(FONT_BOLD, fonts.bold as PdfFontSource);

  const w: Writer = { doc, y: MARGIN };
  headerSection(w, view);
  cancellationSection(w, view);
  datesSection(w, view);
  recipientSection(w, view);
  shipmentSection(w, view);
  transportSection(w, view);
  goodsTable(w, view);
  observationsSection(w, view);
  const footer = footerSection(w, view);
  const range = doc.bufferedPageRange();
  const footerPage = range.start + range.count - 1;
  const marks = markPages(doc, view, { page: footerPage, top: footer.top, bottom: footer.bottom });
  options.onLayout?.({
    pages: range.count,
    ...(footer.qr ? { qr: { page: footerPage, box: footer.qr } } : {}),
    marks,
  });
  doc.end();
  return done;
}

/**
 * The `GuidePdfPort` the bot uses: loads (and parses) the fonts once, then renders on demand.
 * Rendering errors reject the promise; the command turns them into a templated reply.
 */
export function createGuidePdfRenderer(options: GuidePdfOptions & { fonts?: GuideFonts } = {}): GuidePdfPort {
  const fonts = options.fonts ?? loadGuideFonts();
  return {
    async render(guide: Guide): Promise<Uint8Array> {
      return renderGuidePdf(guide, fonts, options);
    },
  };
}
