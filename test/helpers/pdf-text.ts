import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** One positioned piece of text (PDF points, origin bottom-left). */
interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Rotation in degrees (0 for normal text; the ANULADA mark is diagonal). */
  angle: number;
}

/** The text of a PDF as a reader sees it, read back with pdfjs (what a test should assert on). */
export interface PdfText {
  numPages: number;
  /** Per page, the text items joined with spaces and whitespace collapsed (wrapped lines rejoin). */
  pages: string[];
  /** All pages joined with a newline. */
  text: string;
  /** Per page, the positioned items (for layout assertions such as "nothing past the margin"). */
  items: PdfTextItem[][];
  /** Page size of the first page, in points. */
  pageSize: { width: number; height: number };
  /** The document info dictionary (Title, Author, CreationDate...). */
  info: Record<string, unknown>;
}

/**
 * Extracts the text with the embedded fonts only (`useSystemFonts: false`), so a glyph that is
 * not embedded, or embedded without a Unicode map, does not come back as the expected character.
 */
export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    const items: PdfTextItem[][] = [];
    let pageSize = { width: 0, height: 0 };
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      if (n === 1) {
        const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
        pageSize = { width: x1 - x0, height: y1 - y0 };
      }
      const content = await page.getTextContent();
      const pageItems: PdfTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [a = 1, b = 0, , , e = 0, f = 0] = item.transform as number[];
        pageItems.push({
          str: item.str,
          x: e,
          y: f,
          width: item.width,
          angle: Math.round((Math.atan2(b, a) * 180) / Math.PI),
        });
      }
      items.push(pageItems);
      pages.push(
        pageItems
          .map((item) => item.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      page.cleanup();
    }
    const meta = await doc.getMetadata();
    return {
      numPages: doc.numPages,
      pages,
      text: pages.join('\n'),
      items,
      pageSize,
      info: (meta.info ?? {}) as Record<string, unknown>,
    };
  } finally {
    await task.destroy();
  }
}
