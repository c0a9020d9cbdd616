import { FONT_BOLD, FONT_REGULAR } from './fonts.js';
import type { GuideView, PlaceView } from './guide-view.js';
import {
  type Box,
  COLOR,
  CONTENT_WIDTH,
  ensureSpace,
  type Field,
  FONT_SIZE,
  fieldRows,
  gap,
  MARGIN,
  measure,
  SMALL_SIZE,
  sectionTitle,
  type Writer,
  write,
} from './layout.js';
import { drawQr } from './qr.js';

/**
 * The sections of the printed guide in the order of peru-domain.md ("Printed delivery guide").
 * Each one leaves out what the record does not have, and skips itself entirely when empty.
 */

const BOX_WIDTH = 200;

/** 1. Issuer name and address on the left; the RUC box with title and series-number on the right. */
export function headerSection(w: Writer, view: GuideView): void {
  const { doc } = w;
  const leftWidth = CONTENT_WIDTH - BOX_WIDTH - 14;
  const boxX = MARGIN + CONTENT_WIDTH - BOX_WIDTH;
  const inner = BOX_WIDTH - 16;
  const lines = [
    { text: `R.U.C. N° ${view.ruc}`, size: 10.5 },
    { text: view.title, size: 9.5 },
    { text: `N° ${view.printedId}`, size: 11 },
  ];
  const heights = lines.map((l) => measure(doc, l.text, inner, FONT_BOLD, l.size));
  const boxHeight = heights.reduce((a, b) => a + b, 0) + 8 * (lines.length - 1) + 18;

  let y = w.y;
  lines.forEach((line, index) => {
    const top = index === 0 ? w.y + 9 : y;
    write(doc, line.text, boxX + 8, top, inner, { font: FONT_BOLD, size: line.size, align: 'center' });
    y = top + (heights[index] ?? 0) + 8;
  });
  doc.save().lineWidth(1.2).strokeColor(COLOR.text).roundedRect(boxX, w.y, BOX_WIDTH, boxHeight, 4).stroke();
  doc.restore();

  let left = w.y + 4;
  if (view.issuerName) {
    write(doc, view.issuerName, MARGIN, left, leftWidth, { font: FONT_BOLD, size: 13 });
    left += measure(doc, view.issuerName, leftWidth, FONT_BOLD, 13) + 4;
  }
  if (view.issuerAddress) {
    write(doc, view.issuerAddress, MARGIN, left, leftWidth, { color: COLOR.muted });
    left += measure(doc, view.issuerAddress, leftWidth) + 4;
  }
  w.y = Math.max(left, w.y + boxHeight) + 10;
}

/** A red box right under the header of a cancelled guide: state, reason and date of the cancellation. */
export function cancellationSection(w: Writer, view: GuideView): void {
  if (!view.cancelled) return;
  const fields: Field[] = [
    ['Motivo de la baja', view.cancellation?.reason],
    ['Fecha de la baja', view.cancellation?.date],
    ['Estado', view.stateDescription],
  ];
  const titleHeight = 16;
  const rowsHeight = fields
    .filter(([, value]) => value !== undefined)
    .reduce((sum, [, value]) => sum + measure(w.doc, value ?? '', CONTENT_WIDTH - 140) + 2, 0);
  const height = titleHeight + rowsHeight + 10;
  ensureSpace(w, height);
  const top = w.y;
  w.doc.save().lineWidth(1.5).strokeColor(COLOR.alert).rect(MARGIN, top, CONTENT_WIDTH, height).stroke();
  w.doc.restore();
  write(w.doc, 'GUÍA ANULADA (DADA DE BAJA)', MARGIN + 8, top + 5, CONTENT_WIDTH - 16, {
    font: FONT_BOLD,
    size: 10,
    color: COLOR.alert,
  });
  w.y = top + titleHeight + 4;
  fieldRows(w, fields, MARGIN + 8, CONTENT_WIDTH - 16);
  w.y = top + height + 8;
}

/** 2. Emission date and time, start of transfer, delivery date. */
export function datesSection(w: Writer, view: GuideView): void {
  section(w, 'FECHAS', [
    ['Fecha y hora de emisión', view.emittedAt],
    ['Inicio del traslado', view.transferStart],
    ['Fecha de entrega', view.deliveryAt],
  ]);
}

/** 3. Recipient. */
export function recipientSection(w: Writer, view: GuideView): void {
  section(w, 'DESTINATARIO', [
    ['Nombre o razón social', view.recipient.name],
    ['Documento de identidad', view.recipient.document],
  ]);
}

function place(view: PlaceView | undefined): string | undefined {
  if (!view) return undefined;
  const second = [view.area, view.ubigeo ? `Ubigeo ${view.ubigeo}` : undefined].filter(Boolean).join(' · ');
  return [view.address, second].filter(Boolean).join('\n') || undefined;
}

/** 4. Shipment: reason, mode, gross weight, packages, departure and arrival points. */
export function shipmentSection(w: Writer, view: GuideView): void {
  const s = view.shipment;
  section(w, 'DATOS DEL TRASLADO', [
    ['Motivo del traslado', s.reason],
    ['Modalidad de transporte', s.mode],
    ['Peso bruto total', s.grossWeight],
    ['Número de bultos', s.packages],
    ['Descripción', s.goodsSummary],
    ['Punto de partida', place(view.departure)],
    ['Punto de llegada', place(view.arrival)],
  ]);
}

/** 5. Vehicles (main plate first), drivers with document and licence, carrier (public transport). */
export function transportSection(w: Writer, view: GuideView): void {
  const fields: Field[] = [['Transportista', view.carrier]];
  view.vehicles.forEach((v, i) => {
    const label = i === 0 ? 'Vehículo principal' : 'Vehículo secundario';
    fields.push([label, [v.plate, v.tuc ? `TUC/CHV ${v.tuc}` : undefined].filter(Boolean).join(' · ')]);
  });
  view.drivers.forEach((d, i) => {
    const role = d.role ? `Conductor ${d.role.toLowerCase()}` : undefined;
    const label = role ?? (i === 0 ? 'Conductor principal' : 'Conductor secundario');
    const details = [d.document, d.licence ? `Licencia ${d.licence}` : undefined].filter(Boolean).join(' · ');
    fields.push([label, [d.name, details].filter(Boolean).join('\n') || undefined]);
  });
  section(w, 'DATOS DEL TRANSPORTE', fields);
}

/** 7. Observations; a very long text flows over pages (pdfkit breaks at the bottom margin). */
export function observationsSection(w: Writer, view: GuideView): void {
  if (!view.observations) return;
  sectionTitle(w, 'OBSERVACIONES', 24);
  const { doc } = w;
  doc.font(FONT_REGULAR).fontSize(FONT_SIZE).fillColor(COLOR.text);
  doc.text(view.observations, MARGIN, w.y, { width: CONTENT_WIDTH });
  w.y = doc.y;
  gap(w);
}

const QR_SIZE = 84;

/** Where the footer landed: its band (rule to bottom) and the QR box, on the last page. */
export interface FooterLayout {
  top: number;
  bottom: number;
  qr?: Box;
}

/** 8. QR of `desQr`, the hash and the legend, kept together at the end. */
export function footerSection(w: Writer, view: GuideView): FooterLayout {
  const { doc } = w;
  const textX = MARGIN + (view.qr ? QR_SIZE + 12 : 0);
  const textWidth = MARGIN + CONTENT_WIDTH - textX;
  const legend =
    view.typeCode === '31'
      ? 'Representación impresa de la Guía de Remisión Electrónica Transportista'
      : 'Representación impresa de la Guía de Remisión Electrónica';
  const lines: { text: string; font?: string; size?: number }[] = [{ text: legend, font: FONT_BOLD }];
  if (view.hash) lines.push({ text: `Hash: ${view.hash}`, size: SMALL_SIZE });
  if (view.qr) lines.push({ text: `Consulte la guía escaneando el código QR: ${view.qr}`, size: SMALL_SIZE });
  const heights = lines.map((l) => measure(doc, l.text, textWidth, l.font, l.size) + 4);
  const height =
    Math.max(
      view.qr ? QR_SIZE : 0,
      heights.reduce((a, b) => a + b, 0),
    ) + 8;
  ensureSpace(w, height);
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .moveTo(MARGIN, w.y)
    .lineTo(MARGIN + CONTENT_WIDTH, w.y);
  doc.stroke().restore();
  const rule = w.y;
  const top = w.y + 6;
  if (view.qr && !drawQr(doc, view.qr, MARGIN, top, QR_SIZE)) {
    write(doc, 'QR no disponible', MARGIN, top + QR_SIZE / 2 - 4, QR_SIZE, {
      size: SMALL_SIZE,
      align: 'center',
    });
  }
  let y = top;
  lines.forEach((line, i) => {
    write(doc, line.text, textX, y, textWidth, { font: line.font, size: line.size, color: COLOR.text });
    y += heights[i] ?? 0;
  });
  w.y = top + height;
  const qr = view.qr ? { x: MARGIN, y: top, width: QR_SIZE, height: QR_SIZE } : undefined;
  return { top: rule, bottom: w.y, ...(qr ? { qr } : {}) };
}

/** A titled section of label/value rows; nothing at all when no field has a value. */
function section(w: Writer, title: string, fields: readonly Field[]): void {
  const present = fields.filter(([, value]) => value !== undefined);
  if (present.length === 0) return;
  const [, first] = present[0] ?? ['', ''];
  sectionTitle(w, title, measure(w.doc, first ?? '', CONTENT_WIDTH - 130) + 2);
  fieldRows(w, present);
  gap(w);
}
