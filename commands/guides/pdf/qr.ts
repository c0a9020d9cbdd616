import QRCode from 'qrcode';

/**
 * Draws `text` as a vector QR code (one rectangle per horizontal run of dark modules): sharp at
 * any print size, deterministic, and cheaper than encoding and embedding a PNG.
 * Returns false (and draws nothing) when the text cannot be encoded (e.g. too long).
 */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): boolean {
  let modules: { size: number; get(row: number, col: number): number };
  try {
    modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  } catch {
    return false;
  }
  const quiet = 2;
  const count = modules.size + 2 * quiet;
  const cell = size / count;
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      // A hair of overlap avoids white seams between neighbouring runs in some viewers.
      doc.rect(
        x + (start + quiet) * cell,
        y + (row + quiet) * cell,
        (col - start) * cell + 0.05,
        cell + 0.05,
      );
    }
  }
  doc.fill('#000000');
  doc.restore();
  return true;
}
