/**
 * Node module hooks that run the TypeScript sources directly (no build): `.js` specifiers that do
 * not exist resolve to the `.ts` next to them, and `.ts` files are transpiled per file with the
 * pinned `typescript` devDependency (cached on disk by content hash, so reruns skip the compiler).
 * Used by tests that spawn the real CLI (`chasqui chat`).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/chasqui-ts-run/', import.meta.url));
let compiler;

async function transpile(source, fileName) {
  compiler ??= import('typescript').then(({ default: ts }) => ({
    ts,
    options: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      inlineSourceMap: true,
    },
  }));
  const { ts, options } = await compiler;
  return ts.transpileModule(source, { compilerOptions: options, fileName }).outputText;
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith('.') || specifier.startsWith('file:');
    if (relative && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, 'utf8');
  const key = createHash('sha256').update(fileName).update('\0').update(source).digest('hex');
  const cached = `${CACHE_DIR}${key}.js`;
  let output;
  try {
    output = await readFile(cached, 'utf8');
  } catch {
    output = await transpile(source, fileName);
    try {
      await mkdir(CACHE_DIR, { recursive: true });
      const temp = `${cached}.${process.pid}.tmp`;
      await writeFile(temp, output);
      await rename(temp, cached);
    } catch {
      // a read-only tree only loses the cache
    }
  }
  return { format: 'module', source: output, shortCircuit: true };
}
