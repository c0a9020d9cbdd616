import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderGuidePdf } from '../../../../commands/guides/pdf/delivery-guide.js';
import { dejavuPath, loadGuideFonts } from '../../../../commands/guides/pdf/fonts.js';
import { guides } from '../../../../src/sandbox/fixtures/index.js';

const FIXED = new Date('2026-11-20T15:00:00Z');

describe('guide fonts', () => {
  it('resolves DejaVu from the installed package, not from the working directory', () => {
    const file = dejavuPath('DejaVuSans-Bold.ttf');
    expect(path.isAbsolute(file)).toBe(true);
    expect(file.split(path.sep).join('/')).toMatch(
      /node_modules\/dejavu-fonts-ttf\/ttf\/DejaVuSans-Bold\.ttf$/,
    );
    expect(readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0, 1, 0, 0]));
  });

  it('renders, with fonts parsed once and reused, the same bytes as with raw TTF bytes per document', async () => {
    const raw = {
      regular: readFileSync(dejavuPath('DejaVuSans.ttf')),
      bold: readFileSync(dejavuPath('DejaVuSans-Bold.ttf')),
    };
    const shared = loadGuideFonts();
    expect(Buffer.isBuffer(shared.regular)).toBe(false);
    for (const key of ['T001-42', 'T001-43', 'T001-42']) {
      const guide = guides[`20123456786-09-${key}`]!;
      const expected = await renderGuidePdf(guide, raw, { creationDate: FIXED });
      const actual = await renderGuidePdf(guide, shared, { creationDate: FIXED });
      expect(Buffer.compare(actual, expected)).toBe(0);
    }
  });
});
