import { FONT_BOLD, FONT_REGULAR } from './fonts.js';
import type { GuideView } from './guide-view.js';
import { COLOR, CONTENT_WIDTH, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, SMALL_SIZE } from './layout.js';

/**
 * The final pass over the buffered pages: page numbers ("Página 1/3"), a running header on
 * continuation pages, and the diagonal "ANULADA" mark of a cancelled guide on every page.
 * Needs `bufferPages: true`; runs once every page exists, so the total is known.
 */
export function markPages(doc: PDFKit.PDFDocument, view: GuideView): void {
  const range = doc.bufferedPageRange();
  const total = range.count;
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
    if (view.cancelled) cancelledMark(doc);
    doc.page.margins = margins;
  }
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

function cancelledMark(doc: PDFKit.PDFDocument): void {
  const cx = PAGE_WIDTH / 2;
  const cy = PAGE_HEIGHT / 2;
  doc.font(FONT_BOLD).fontSize(MARK_SIZE);
  const width = doc.widthOfString(MARK);
  const height = doc.currentLineHeight();
  doc.save();
  doc.rotate(-52, { origin: [cx, cy] });
  doc.fillColor(COLOR.alert).fillOpacity(0.2);
  doc.text(MARK, cx - width / 2, cy - height / 2, { lineBreak: false });
  doc.restore();
}
