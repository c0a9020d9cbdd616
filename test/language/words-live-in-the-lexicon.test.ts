import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { phraseKey } from '../../src/language/key.js';
import { lexicon } from '../../src/language/lexicon/index.js';
import { WORD_CLASSES, type WordClass } from '../../src/language/lexicon/types.js';

/**
 * Issue 18: src/language holds every Spanish word list and word regex. Outside it (and outside the
 * sandbox's fictional fixtures), no string literal may be a word the lexicon reads (`'porfa'`,
 * `'lunes'`, `'de la'`), and no regex may spell one: a second list drifts from the first.
 */
const ROOT = path.resolve(__dirname, '../..');
const SCANNED = ['src', 'commands'];
const EXEMPT = [
  path.join('src', 'language'),
  path.join('src', 'sandbox'),
  // Not words read from chat: the API's field names (spec), the configuration file's values for
  // the weekly summary's day, and the result workbook's cell labels (output, as templates are).
  path.join('src', 'watch', 'state.ts'),
  path.join('src', 'config', 'types.ts'),
  path.join('src', 'watch', 'check.ts'),
  path.join('src', 'batch', 'labels.ts'),
];

/**
 * Classes whose words no code should list: what people write around a request. Command names and
 * concepts (`ruc`, `placa`) double as identifiers in code (template names, operation names).
 */
const SPANISH: ReadonlySet<WordClass> = new Set(
  WORD_CLASSES.filter((cls) => !['concept', 'format', 'fund', 'legal-form', 'job', 'switch'].includes(cls)),
);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** Literal text that is a lexicon word of a Spanish class (a phrase counts when all of it is one). */
function lexiconWord(text: string): string | undefined {
  const keys = phraseKey(text).split(' ').filter(Boolean);
  if (keys.length === 0 || keys.some((k) => !/^\p{L}/u.test(k))) return undefined;
  const hit = lexicon.phrasesAt(keys, 0).find((h) => h.length === keys.length && SPANISH.has(h.entry.class));
  if (hit) return `${hit.entry.class}: ${text}`;
  const verb = keys.length === 1 && lexicon.verb(keys[0] ?? '').length > 0;
  return verb ? `verb: ${text}` : undefined;
}

/** Two or more words of a list (array, Set/Map source, object keys, regex alternation) the lexicon reads. */
const LIST = 2;

function findings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (node: ts.Node) =>
    `${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const report = (node: ts.Node, texts: readonly string[], kind: string) => {
    const words = texts.flatMap((text) => lexiconWord(text) ?? []);
    if (words.length >= LIST) out.push(`${at(node)} ${kind}: ${words.join(', ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node)) {
      report(
        node,
        node.elements.filter(ts.isStringLiteralLike).map((e) => e.text),
        'list',
      );
    }
    // A word → value table (`{ enero: 1, feb: 2 }`); objects of data for templates are not lists.
    const literal = (p: ts.ObjectLiteralElementLike) =>
      ts.isPropertyAssignment(p) &&
      (ts.isNumericLiteral(p.initializer) || ts.isStringLiteralLike(p.initializer));
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 0 && node.properties.every(literal)) {
      const keys = node.properties.flatMap((p) =>
        p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [],
      );
      report(node, keys, 'keys');
    }
    if (ts.isRegularExpressionLiteral(node)) {
      // An alternation of words: `(porfa|gracias)`, `^(hola|buenas)$`.
      report(node, node.text.match(/(?<=[(|^])[\p{L} ]{2,}(?=[|)$])/gu) ?? [], 'regex');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('Spanish words live only in src/language', () => {
  it('no module outside it lists a word the lexicon reads, in a literal or a regex', () => {
    const scanned = SCANNED.flatMap((dir) => files(path.join(ROOT, dir))).filter(
      (file) => !EXEMPT.some((exempt) => path.relative(ROOT, file).startsWith(exempt)),
    );
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned.flatMap(findings)).toEqual([]);
  });

  it('would catch one: a courtesy list and a weekday regex are found', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'chasqui-words-'));
    const file = path.join(dir, 'listed.ts');
    writeFileSync(
      file,
      "const COURTESY = ['porfa', 'x favor'];\nconst DAY = /^(lunes|martes)$/u;\nconst M = { enero: 1, feb: 2 };\n",
    );
    try {
      expect(findings(file).map((line) => line.replace(/^.*?:\d+ /u, ''))).toEqual([
        'list: courtesy: porfa, courtesy: x favor',
        'regex: weekday: lunes, weekday: martes',
        'keys: month: enero, month: feb',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
