import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { tsFilesUnder } from '../helpers/source-files.js';

/**
 * The imports of our source files, read with TypeScript's parser (no type check): every static
 * import, re-export, dynamic `import()` and `import('…')` type of a relative path, resolved to a
 * repository-relative `.ts` path. Shared by the architecture tests.
 */
export interface Import {
  /** The importing file, repository-relative with `/` separators (`src/bot/router.ts`). */
  readonly from: string;
  /** The imported file, the same way (`src/language/index.ts`); `.js` read as the `.ts` source. */
  readonly to: string;
  /**
   * Erased at build: `import type`, `export type` or an `import('…')` type. With
   * `verbatimModuleSyntax` these never load the module; `import { type A }` still does (it
   * compiles to `import {} from '…'`), so it counts as a value import.
   */
  readonly typeOnly: boolean;
  /** 1-based line of the import, for messages. */
  readonly line: number;
}

const ROOT = path.resolve('.');

/** Repository-relative with `/` separators, whatever the platform. */
function repoPath(file: string): string {
  return path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/');
}

const parsed = new Map<string, ts.SourceFile>();

/**
 * One file parsed (no type check), kept for the run: the architecture tests share a worker, so
 * the tree is parsed once for all of them.
 */
export function sourceOf(file: string, text?: string): ts.SourceFile {
  const known = text === undefined ? parsed.get(file) : undefined;
  if (known) return known;
  const source = ts.createSourceFile(
    file,
    text ?? readFileSync(path.resolve(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  if (text === undefined) parsed.set(file, source);
  return source;
}

/** The relative imports of one file, given its repository path (and its text, for a sample). */
function importsOf(file: string, text?: string): Import[] {
  const source = sourceOf(file, text);
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean, at: ts.Node) => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return;
    const target = repoPath(path.join(path.dirname(file), specifier.text)).replace(/\.js$/u, '.ts');
    const { line } = source.getLineAndCharacterOfPosition(at.getStart(source));
    found.push({ from: repoPath(file), to: target, typeOnly, line: line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, node.importClause?.isTypeOnly === true, node);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, node);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every relative import of every `.ts` file under the given repository folders; with `mentioning`,
 * only of the files whose text names one of those paths (a cheap filter before parsing).
 */
export function importsUnder(dirs: readonly string[], mentioning?: readonly string[]): Import[] {
  return filesUnder(...dirs).flatMap((file) => {
    if (mentioning && !mentioning.some((p) => readFileSync(file, 'utf8').includes(p))) return [];
    return importsOf(file);
  });
}

/** Every `.ts` file under the given repository folders, repository-relative. */
export function filesUnder(...dirs: string[]): string[] {
  return dirs.flatMap((dir) => tsFilesUnder(path.resolve(ROOT, dir)).map(repoPath));
}
