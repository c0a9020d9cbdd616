import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Font names registered in every guide document. */
export const FONT_REGULAR = 'guide-regular';
export const FONT_BOLD = 'guide-bold';

/**
 * What pdfkit accepts as a font: raw TTF bytes (parsed again for every document) or an already
 * parsed fontkit font (anything with a `layout` function; pdfkit uses it as is).
 */
type FontSource = Buffer | { layout: (...args: never[]) => unknown };

/** DejaVu Sans regular and bold: covers Spanish and names outside WinAnsi (Ł, Ø, Ž, Cyrillic...). */
export interface GuideFonts {
  regular: FontSource;
  bold: FontSource;
}

/** The slice of a fontkit font this module touches. */
interface ParsedFont {
  layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  getGlyph(id: number, ...rest: unknown[]): unknown;
}

/** The slice of fontkit's GlyphRun pdfkit reads: glyphs, positions (mutated!) and advanceWidth. */
interface GlyphRun {
  glyphs: unknown[];
  positions: { xAdvance: number }[];
  readonly advanceWidth: number;
}

interface Fontkit {
  create(buffer: Buffer): ParsedFont;
}

/** Words shaped once are kept across documents, up to this many per font. */
const LAYOUT_CACHE_SIZE = 4000;

/**
 * Wraps a parsed font for reuse across documents (pdfkit's own caches live one document long):
 * - `layout` (OpenType shaping, the costliest step of a render) is memoised per text; pdfkit scales
 *   the positions it gets in place, so every call hands out fresh position objects;
 * - each glyph's outline decoding (`_decode`, read by the subsetter for every embedded glyph) is
 *   memoised on the glyph. Private to this font instance; if fontkit renames it, nothing is cached.
 */
function forReuse(font: ParsedFont): FontSource {
  const cache = new Map<string, GlyphRun>();
  const layout = (text: string, features?: unknown, ...rest: unknown[]): GlyphRun => {
    if (features !== undefined || rest.length > 0) return font.layout(text, features, ...rest);
    let run = cache.get(text);
    if (!run) {
      run = font.layout(text);
      if (cache.size >= LAYOUT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  const memoised = new WeakSet<object>();
  const getGlyph = (id: number, ...rest: unknown[]): unknown => {
    const glyph = font.getGlyph(id, ...rest) as { _decode?: () => unknown } | null;
    if (glyph && typeof glyph._decode === 'function' && !memoised.has(glyph)) {
      const decode = glyph._decode;
      let decoded: { value: unknown } | undefined;
      glyph._decode = function (this: unknown) {
        decoded ??= { value: decode.call(this) };
        return decoded.value;
      };
      memoised.add(glyph);
    }
    return glyph;
  };
  return new Proxy(font, {
    get: (target, property) => {
      if (property === 'layout') return layout;
      if (property === 'getGlyph') return getGlyph;
      return Reflect.get(target, property, target);
    },
  }) as unknown as FontSource;
}

/** Absolute path of a DejaVu TTF, resolved through the package (never relative to the cwd). */
export function dejavuPath(file: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
}

/**
 * The fontkit instance pdfkit itself uses, resolved from pdfkit's own location (no extra dependency).
 * Parsing each TTF once instead of once per document makes a one-page render about 3× faster.
 */
function pdfkitFontkit(): Fontkit | undefined {
  try {
    const fromPdfkit = createRequire(require.resolve('pdfkit'));
    const fontkit = fromPdfkit('fontkit') as Partial<Fontkit>;
    return typeof fontkit.create === 'function' ? (fontkit as Fontkit) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads (and, when possible, parses) both fonts once; call at start-up and reuse for every render. */
export function loadGuideFonts(): GuideFonts {
  const regular = readFileSync(dejavuPath('DejaVuSans.ttf'));
  const bold = readFileSync(dejavuPath('DejaVuSans-Bold.ttf'));
  const fontkit = pdfkitFontkit();
  if (!fontkit) return { regular, bold };
  return { regular: forReuse(fontkit.create(regular)), bold: forReuse(fontkit.create(bold)) };
}
