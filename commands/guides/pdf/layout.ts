import { FONT_BOLD, FONT_REGULAR } from './fonts.js';

/**
 * Page geometry and the few drawing primitives every section uses. Sections never let pdfkit
 * break pages on its own: they measure first (`ensureSpace`) so the goods table can repeat its header.
 */
const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
/** Page margin on every side; the content starts at `MARGIN` from the top. */
export const MARGIN = 36;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Space kept free at the bottom of every page for the page number. */
export const FOOTER_SPACE = 22;
export const BOTTOM = PAGE_HEIGHT - MARGIN - FOOTER_SPACE;

export const FONT_SIZE = 8.5;
export const SMALL_SIZE = 7;
const LABEL_WIDTH = 132;

export const COLOR = {
  text: '#111111',
  muted: '#555555',
  rule: '#8a8a8a',
  band: '#e6ecf2',
  zebra: '#f5f7f9',
  alert: '#b3261e',
} as const;

/** An axis-aligned rectangle in pdfkit coordinates (points, origin top-left). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The document plus the current vertical position. */
export interface Writer {
  doc: PDFKit.PDFDocument;
  y: number;
  /** Called after a page break this module triggers (the goods table redraws its header). */
  onNewPage?: (() => void) | undefined;
}

/** Starts a new page when `height` does not fit below the current position. */
export function ensureSpace(w: Writer, height: number): void {
  if (w.y + height <= BOTTOM) return;
  w.doc.addPage();
  w.y = MARGIN;
  w.onNewPage?.();
}

/** Height of `text` wrapped at `width` in the given font and size. */
export function measure(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  font: string = FONT_REGULAR,
  size: number = FONT_SIZE,
): number {
  return doc.font(font).fontSize(size).heightOfString(text, { width });
}

/** Writes wrapped text at (x, y); the caller has reserved the space. */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  options: {
    font?: string | undefined;
    size?: number | undefined;
    color?: string;
    align?: 'left' | 'center' | 'right';
  } = {},
): void {
  doc
    .font(options.font ?? FONT_REGULAR)
    .fontSize(options.size ?? FONT_SIZE)
    .fillColor(options.color ?? COLOR.text)
    .text(text, x, y, { width, align: options.align ?? 'left', lineBreak: true });
}

/** A shaded band with the section title; kept together with at least `keepWith` points below it. */
export function sectionTitle(w: Writer, title: string, keepWith = 14): void {
  const height = 15;
  ensureSpace(w, height + keepWith);
  w.doc.save().rect(MARGIN, w.y, CONTENT_WIDTH, height).fill(COLOR.band).restore();
  write(w.doc, title, MARGIN + 5, w.y + 3.5, CONTENT_WIDTH - 10, { font: FONT_BOLD });
  w.y += height + 4;
}

/** A label/value pair: bold label in a fixed column, wrapped value beside it. Undefined values are skipped. */
export type Field = readonly [label: string, value: string | undefined];

/**
 * A height no wrapping of `text` can exceed (every glyph as wide as 1.65 em, each line wrapped).
 * When even that fits on the page, a row is drawn without measuring it first: wrapping once
 * instead of twice is a measurable share of a render.
 */
function maxHeight(text: string, width: number, size: number = FONT_SIZE): number {
  let lines = 0;
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil((line.length * size * 1.65) / width));
  return lines * size * 1.5;
}

/** Writes the fields that have a value, one row each; returns how many were written. */
export function fieldRows(w: Writer, fields: readonly Field[], x = MARGIN, width = CONTENT_WIDTH): number {
  let written = 0;
  const valueWidth = width - LABEL_WIDTH - 4;
  for (const [label, value] of fields) {
    if (value === undefined) continue;
    const bound = Math.max(maxHeight(label, LABEL_WIDTH), maxHeight(value, valueWidth));
    if (w.y + bound + 2 > BOTTOM) {
      const height = Math.max(
        measure(w.doc, label, LABEL_WIDTH, FONT_BOLD),
        measure(w.doc, value, valueWidth, FONT_REGULAR),
      );
      ensureSpace(w, height + 2);
    }
    const top = w.y;
    write(w.doc, label, x, top, LABEL_WIDTH, { font: FONT_BOLD, color: COLOR.muted });
    const labelBottom = w.doc.y;
    write(w.doc, value, x + LABEL_WIDTH + 4, top, valueWidth);
    w.y = Math.max(labelBottom, w.doc.y) + 2;
    written += 1;
  }
  return written;
}

/** Vertical gap between sections. */
export function gap(w: Writer, points = 6): void {
  w.y += points;
}
