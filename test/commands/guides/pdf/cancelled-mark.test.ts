import { beforeAll, describe, expect, it } from 'vitest';
import type { Guide } from '../../../../src/lookup/schemas/guide.js';
import { type GuideLayout, renderGuidePdf } from '../../../../commands/guides/pdf/delivery-guide.js';
import { type GuideFonts, loadGuideFonts } from '../../../../commands/guides/pdf/fonts.js';
import {
  BOTTOM,
  boxesOverlap,
  CONTENT_WIDTH,
  MARGIN,
  PAGE_HEIGHT,
} from '../../../../commands/guides/pdf/layout.js';
import { guides } from '../../../../src/sandbox/fixtures/index.js';
import { buildCancelledGuide, goodsItem } from '../../../helpers/guide-builder.js';
import { pdfText } from '../../../helpers/pdf-text.js';

/**
 * The diagonal ANULADA mark of a cancelled guide must never cross the footer QR (a translucent
 * red band over the modules can make it unscannable). The renderer reports where it drew both.
 */
let fonts: GuideFonts;
beforeAll(() => {
  fonts = loadGuideFonts();
});

async function render(guide: Guide): Promise<{ bytes: Buffer; layout: GuideLayout }> {
  let layout: GuideLayout | undefined;
  const bytes = await renderGuidePdf(guide, fonts, { onLayout: (l) => (layout = l) });
  if (!layout) throw new Error('onLayout was not called');
  return { bytes, layout };
}

describe('ANULADA mark and the footer QR', () => {
  it('keeps the mark of sandbox T001-43 clear of its QR, large and where the PDF draws it', async () => {
    const { bytes, layout } = await render(structuredClone(guides['20123456786-09-T001-43']!));
    expect(layout.pages).toBe(1);
    expect(layout.qr?.page).toBe(0);
    expect(layout.marks).toHaveLength(1);
    const [mark] = layout.marks;
    expect(boxesOverlap(mark!.box, layout.qr!.box)).toBe(false);
    expect(mark!.box.y + mark!.box.height).toBeLessThanOrEqual(layout.qr!.box.y);
    expect(mark!.fontSize).toBeGreaterThan(100);
    expect(mark!.angle).toBeGreaterThan(40);

    // The reported box is the one drawn: the text's origin lies inside it, at the same angle.
    const pdf = await pdfText(bytes);
    const drawn = pdf.items[0]?.find((item) => item.str === 'ANULADA' && item.angle !== 0);
    expect(drawn).toBeDefined();
    expect(Math.abs(drawn!.angle)).toBe(Math.round(mark!.angle));
    const top = PAGE_HEIGHT - drawn!.y;
    expect(drawn!.x).toBeGreaterThanOrEqual(mark!.box.x);
    expect(drawn!.x).toBeLessThanOrEqual(mark!.box.x + mark!.box.width);
    expect(top).toBeGreaterThanOrEqual(mark!.box.y);
    expect(top).toBeLessThanOrEqual(mark!.box.y + mark!.box.height);
  });

  it('never overlaps the QR wherever the footer lands, and marks every page inside the content area', async () => {
    // Footer on page 1, high and low on page 2 (mark below / above it), and on page 3.
    for (const count of [0, 21, 35, 49, 63]) {
      const guide = buildCancelledGuide();
      guide.traslado.bien = Array.from({ length: count }, (_, i) => goodsItem(i + 1));
      const { layout } = await render(guide);
      const qr = layout.qr!;
      expect(qr, `QR with ${count} goods`).toBeDefined();
      expect(layout.marks.map((m) => m.page)).toEqual(Array.from({ length: layout.pages }, (_, i) => i));
      for (const mark of layout.marks) {
        if (mark.page === qr.page) expect(boxesOverlap(mark.box, qr.box), `${count} goods`).toBe(false);
        expect(mark.box.x).toBeGreaterThanOrEqual(MARGIN - 0.01);
        expect(mark.box.x + mark.box.width).toBeLessThanOrEqual(MARGIN + CONTENT_WIDTH + 0.01);
        expect(mark.box.y).toBeGreaterThanOrEqual(MARGIN - 0.01);
        expect(mark.box.y + mark.box.height).toBeLessThanOrEqual(BOTTOM + 0.01);
        expect(mark.fontSize).toBeGreaterThan(50);
      }
    }
  });

  it('draws no mark on an active guide', async () => {
    const { layout } = await render(structuredClone(guides['20123456786-09-T001-42']!));
    expect(layout.qr).toBeDefined();
    expect(layout.marks).toEqual([]);
  });
});
