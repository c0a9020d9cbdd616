import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, sourceOf } from './module-graph.js';

/**
 * WhatsApp id shapes (`…@s.whatsapp.net`, `@c.us`, `@lid`, `@g.us`) are written in one place:
 * src/transports/ids.ts. The Baileys adapter (src/transports/whatsapp/) reads them with Baileys'
 * own helpers, and the sandbox's fixtures are literal test data; everything else asks ids.ts.
 * Only literals count (strings, templates, regular expressions): a comment may show an example.
 */
const ALLOWED = ['src/transports/ids.ts', 'src/transports/whatsapp/', 'src/sandbox/fixtures/'];

/** A shape in a literal's text, backslashes removed so a regular expression's `g\.us` counts. */
const SHAPE = /s\.whatsapp\.net|@lid\b|\bg\.us\b|\bc\.us\b/u;
/** The same in a file's raw text, a regular expression's backslash allowed. */
const RAW = /s\\?\.whatsapp\\?\.net|@lid\b|\bg\\?\.us\b|\bc\\?\.us\b/u;

/** `line: text` for every string, template part or regular expression holding an id shape. */
function shapeLiterals(fileName: string, text?: string): string[] {
  const source = sourceOf(fileName, text);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isRegularExpressionLiteral(node)
    ) {
      if (SHAPE.test(node.text.replaceAll('\\', ''))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${line + 1}: ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let scanned: Map<string, string[]> | undefined;

/** Files of src/ and commands/ with the shapes they write (read once for all the tests). */
function scan(): Map<string, string[]> {
  if (scanned) return scanned;
  const out = new Map<string, string[]>();
  for (const file of filesUnder('src', 'commands')) {
    // Only a file whose text holds a shape can hold it in a literal: the others are not parsed.
    if (!RAW.test(readFileSync(file, 'utf8'))) continue;
    const hits = shapeLiterals(file);
    if (hits.length > 0) out.set(file, hits);
  }
  scanned = out;
  return out;
}

describe('WhatsApp id shapes have one home', () => {
  it('finds shapes in strings, templates and regular expressions, never in comments', () => {
    const sample = [
      '// a comment: 51987654321@s.whatsapp.net',
      "const a = '120363000000000001@g.us';",
      'const b = `${phone}@s.whatsapp.net`;',
      'const c = /^\\d+@g\\.us$/u;',
      "const d = id.endsWith('@lid');",
      "const e = domain === 'c.us';",
      "const f = 'lid and g.usual text';",
    ].join('\n');
    expect(shapeLiterals('sample.ts', sample)).toEqual([
      '2: 120363000000000001@g.us',
      '3: @s.whatsapp.net',
      '4: /^\\d+@g\\.us$/u',
      '5: @lid',
      '6: c.us',
    ]);
  });

  it('scans the real tree: ids.ts and the fixtures hold shapes', () => {
    const found = scan();
    expect(found.has('src/transports/ids.ts')).toBe(true);
    expect([...found.keys()].some((file) => file.startsWith('src/sandbox/fixtures/'))).toBe(true);
  });

  it('no file under src/ or commands/ writes one outside ids.ts, the adapter and the fixtures', () => {
    const outside = [...scan()].filter(([file]) => !ALLOWED.some((allowed) => file.startsWith(allowed)));
    expect(Object.fromEntries(outside)).toEqual({});
  });
});
