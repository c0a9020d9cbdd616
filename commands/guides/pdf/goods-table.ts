import { FONT_BOLD, FONT_REGULAR } from './fonts.js';
import type { GuideView } from './guide-view.js';
import {
  COLOR,
  CONTENT_WIDTH,
  ensureSpace,
  FONT_SIZE,
  MARGIN,
  measure,
  sectionTitle,
  type Writer,
  write,
} from './layout.js';

/**
 * 6. Goods table (item, code, description, unit, quantity). Rows never split; when a row does not
 * fit, a new page starts and the column header is drawn again, so every page of goods reads alone.
 */

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  value: (item: GuideView['goods'][number]) => string;
}

const PAD = 3;
const HEADER_HEIGHT = 16;

const FIXED = { order: 30, code: 84, unit: 82, quantity: 64 };

const COLUMNS: readonly Column[] = [
  { title: 'N°', width: FIXED.order, align: 'center', value: (i) => i.order },
  { title: 'Código', width: FIXED.code, align: 'left', value: (i) => i.code ?? '' },
  {
    title: 'Descripción',
    width: CONTENT_WIDTH - FIXED.order - FIXED.code - FIXED.unit - FIXED.quantity,
    align: 'left',
    value: (i) => i.description ?? '',
  },
  { title: 'Unidad', width: FIXED.unit, align: 'left', value: (i) => i.unit ?? '' },
  { title: 'Cantidad', width: FIXED.quantity, align: 'right', value: (i) => i.quantity ?? '' },
];

function drawHeader(w: Writer): void {
  const { doc } = w;
  doc.save().rect(MARGIN, w.y, CONTENT_WIDTH, HEADER_HEIGHT).fill(COLOR.text).restore();
  let x = MARGIN;
  for (const column of COLUMNS) {
    write(doc, column.title, x + PAD, w.y + 4, column.width - 2 * PAD, {
      font: FONT_BOLD,
      align: column.align,
      color: '#ffffff',
    });
    x += column.width;
  }
  w.y += HEADER_HEIGHT;
}

/** Row height: the tallest wrapped cell (only code and description can wrap). */
function rowHeight(doc: PDFKit.PDFDocument, cells: readonly string[]): number {
  let height = doc.font(FONT_REGULAR).fontSize(FONT_SIZE).currentLineHeight(true);
  COLUMNS.forEach((column, index) => {
    const text = cells[index] ?? '';
    if (text === '') return;
    height = Math.max(height, measure(doc, text, column.width - 2 * PAD));
  });
  return height + 2 * PAD;
}

/** Draws the table (nothing when the guide lists no goods). */
export function goodsTable(w: Writer, view: GuideView): void {
  if (view.goods.length === 0) return;
  sectionTitle(w, `BIENES TRASLADADOS (${view.goods.length})`, HEADER_HEIGHT + 20);
  drawHeader(w);
  const previous = w.onNewPage;
  w.onNewPage = () => drawHeader(w);
  try {
    view.goods.forEach((item, index) => {
      const cells = COLUMNS.map((column) => column.value(item));
      const height = rowHeight(w.doc, cells);
      ensureSpace(w, height);
      if (index % 2 === 1) w.doc.save().rect(MARGIN, w.y, CONTENT_WIDTH, height).fill(COLOR.zebra).restore();
      let x = MARGIN;
      COLUMNS.forEach((column, c) => {
        const text = cells[c] ?? '';
        if (text !== '')
          write(w.doc, text, x + PAD, w.y + PAD, column.width - 2 * PAD, { align: column.align });
        x += column.width;
      });
      w.y += height;
      w.doc
        .save()
        .lineWidth(0.3)
        .strokeColor(COLOR.rule)
        .moveTo(MARGIN, w.y)
        .lineTo(MARGIN + CONTENT_WIDTH, w.y)
        .stroke()
        .restore();
    });
  } finally {
    w.onNewPage = previous;
  }
  w.y += 8;
}
