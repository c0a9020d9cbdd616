import { FONT_BOLD, FONT_REGULAR } from './fonts.js';
import type { GuideView } from './guide-view.js';
import { BOTTOM, type Box, COLOR, CONTENT_WIDTH, MARGIN, PAGE_HEIGHT, SMALL_SIZE } from './layout.js';

/** A drawn "ANULADA" mark: its page (0-based), rotation and the axis-aligned box its line covers. */
export interface CancelledMark {
  page: number;
  angle: number;
  fontSize: number;
  box: Box;
}

/** The footer band of the last page, which the mark must leave clear (the QR must stay scannable). */
export interface FooterBand {
  page: number;
  top: number;
  bottom: number;
}

/**
 * The final pass over the buffered pages: page numbers ("Página 1/3"), a running header on
 * continuation pages, and the diagonal "ANULADA" mark of a cancelled guide on every page, kept
 * off the footer (QR, hash, legend). Needs `bufferPages: true`; runs once every page exists, so
 * the total is known. Returns the marks drawn, for callers that check the layout.
 */
export function markPages(doc: PDFKit.PDFDocument, view: GuideView, footer?: FooterBand): CancelledMark[] {
  const range = doc.bufferedPageRange();
  const total = range.count;
  const marks: CancelledMark[] = [];
  for (let index = range.start; index < range.start + total; index += 1) {
    doc.switchToPage(index);
    // Writing in the margins must not make pdfkit start a new page.
    const margins = { ...doc.page.margins };
    doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
    const pageNumber = index - range.start + 1;
    if (pageNumber > 1) runningHeader(doc, view);
    doc
      .font(FONT_REGULAR)
      .fontSize(SMALL_SIZE)
      .fillColor(COLOR.muted)
      .text(`${view.printedId} · Página ${pageNumber}/${total}`, MARGIN, PAGE_HEIGHT - MARGIN - 9, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    if (view.cancelled) {
      const mark = fitCancelledMark(doc, markArea(footer?.page === index ? footer : undefined));
      drawCancelledMark(doc, mark);
      marks.push({ page: index, ...mark });
    }
    doc.page.margins = margins;
  }
  return marks;
}

/** Gap between the mark and the footer band. */
const FOOTER_CLEARANCE = 6;

/** The content area, or on the footer page the larger part of it above or below the footer band. */
function markArea(footer?: { top: number; bottom: number }): Box {
  const full = { x: MARGIN, y: MARGIN, width: CONTENT_WIDTH, height: BOTTOM - MARGIN };
  if (!footer) return full;
  const above = { ...full, height: footer.top - FOOTER_CLEARANCE - MARGIN };
  const belowTop = footer.bottom + FOOTER_CLEARANCE;
  const below = { ...full, y: belowTop, height: BOTTOM - belowTop };
  return above.height >= below.height ? above : below;
}

function runningHeader(doc: PDFKit.PDFDocument, view: GuideView): void {
  const text = [view.issuerName, `RUC ${view.ruc}`, `${view.title} ${view.printedId}`, '(continuación)']
    .filter(Boolean)
    .join(' · ');
  doc
    .font(FONT_REGULAR)
    .fontSize(SMALL_SIZE)
    .fillColor(COLOR.muted)
    .text(text, MARGIN, MARGIN - 20, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
}

const MARK = 'ANULADA';
const MARK_SIZE = 120;
const MAX_ANGLE = 52;

/**
 * The largest mark (up to 120 pt, at most 52° from horizontal, along the area's diagonal) whose
 * rotated line box fits inside `area`; `box` is that rotated box's axis-aligned bounds.
 */
function fitCancelledMark(doc: PDFKit.PDFDocument, area: Box): Omit<CancelledMark, 'page'> {
  doc.font(FONT_BOLD).fontSize(MARK_SIZE);
  const widthPerPoint = doc.widthOfString(MARK) / MARK_SIZE;
  const heightPerPoint = doc.currentLineHeight() / MARK_SIZE;
  const angle = Math.min(MAX_ANGLE, (Math.atan2(area.height, area.width) * 180) / Math.PI);
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const fontSize = Math.min(
    MARK_SIZE,
    area.width / (widthPerPoint * cos + heightPerPoint * sin),
    area.height / (widthPerPoint * sin + heightPerPoint * cos),
  );
  const width = fontSize * (widthPerPoint * cos + heightPerPoint * sin);
  const height = fontSize * (widthPerPoint * sin + heightPerPoint * cos);
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  return { angle, fontSize, box: { x: cx - width / 2, y: cy - height / 2, width, height } };
}

function drawCancelledMark(doc: PDFKit.PDFDocument, mark: Omit<CancelledMark, 'page'>): void {
  const cx = mark.box.x + mark.box.width / 2;
  const cy = mark.box.y + mark.box.height / 2;
  doc.font(FONT_BOLD).fontSize(mark.fontSize);
  const width = doc.widthOfString(MARK);
  const height = doc.currentLineHeight();
  doc.save();
  doc.rotate(-mark.angle, { origin: [cx, cy] });
  doc.fillColor(COLOR.alert).fillOpacity(0.2);
  doc.text(MARK, cx - width / 2, cy - height / 2, { lineBreak: false });
  doc.restore();
}
