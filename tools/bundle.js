// The CLI as a bundle (issue 22: `chasqui chat`'s cold start). `npm run build` runs it after tsc:
// it bundles dist/src/main.js (and the padrón's worker threads, which spawn-worker.ts finds by
// name beside itself) into dist/bundle/, ES modules with code splitting so that every dynamic
// import() stays lazy (Baileys, the console, the sandbox, the workbook and PDF code…).
//
// Why: Node's ES module loader costs per module (resolve, stat, open, read, compile, link), and a
// cold `chat` loaded ~430 of them (Chasqui's own and zod's) before its first reply; a bundle loads
// a few chunks. Node 20 has no module compile cache (module.enableCompileCache is Node 22).
//
// Packages stay in node_modules (external) except the pure ES modules listed in BUNDLED: the
// CommonJS ones go through Node's cheaper synchronous loader and some are required by path at run
// time (undici's dispatcher files, liquidjs, pino-pretty), which a bundled copy would duplicate;
// node-cron finds its daemon file next to itself; better-sqlite3 is native. bin/chasqui.js (npx
// chasqui, npm start, the image's CMD) runs dist/bundle/main.js; dist/src stays (tests,
// bin/healthcheck.js). test/cli/bundle.spawn.test.ts holds the bundle to dist/src's behaviour.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Packages bundled: pure ES modules, imported statically only, with no file found beside them. */
const BUNDLED = new Set(['zod', 'fflate']);
/** The padrón's worker modules: every name passed to spawnWorker('…') in dist/src/padron. */
const workers = readdirSync(`${ROOT}dist/src/padron`)
  .filter((file) => file.endsWith('.js'))
  .flatMap((file) => [
    ...readFileSync(`${ROOT}dist/src/padron/${file}`, 'utf8').matchAll(/\bspawnWorker\('([\w-]+)'/g),
  ])
  .map(([, name]) => `${name}.js`);

// Chunks are named by their content's hash: a rebuild leaves none of the last build's behind.
rmSync(`${ROOT}dist/bundle`, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ['dist/src/main.js', ...workers.map((name) => `dist/src/padron/${name}`)],
  // Flat: dist/bundle/main.js, dist/bundle/<name>-worker.js; chunks beside them, so a path taken
  // from import.meta.url (templates/, console/: two levels up) resolves as from dist/src/<dir>/.
  entryNames: '[name]',
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax minified (~35% less source for V8 to parse on a cold start, and to keep in
  // the heap); identifiers are not renamed. Source maps lead back to the TypeScript.
  minifyWhitespace: true,
  minifySyntax: true,
  // No keepNames: it wraps every function made at run time in `__name(fn, "…")` (a
  // defineProperty), and the language layer makes small closures per message: understand() took
  // 24–34% longer in the bundle than in dist/src (ruc 13.9 vs 11.2 µs, placa 6.9 vs 5.1, tc 22.0
  // vs 17.5, one process, alternated). Names stay as written anyway, since identifiers are not
  // minified; only two top-level names that collide across modules get a suffix (`wordsOf2`).
  // Errors are named from new.target.name, so a class renamed so would change an error's name:
  // `renamedClasses` below fails the build if one is.
  keepNames: false,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, ({ path }) => {
          const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
          return BUNDLED.has(name) ? undefined : { path, external: true };
        });
      },
    },
  ],
});

/** Declared class names (`class X`, `X = class`) in JavaScript text. */
function classNames(text) {
  return [...text.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)|(?<![\w$])([A-Za-z_$][\w$]*)\s*=\s*class\b/g)].map(
    (m) => m[1] ?? m[2],
  );
}

/** Every .js file under `dir`. */
function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `${dir}/${file}`);
}

/**
 * Classes of the bundle that no input declares: esbuild renamed one that collided with another
 * module's name, and its instances' `name` (errors, logs, metrics) would change with it.
 */
const declared = new Set(
  [`${ROOT}dist/src`, `${ROOT}dist/commands`, ...[...BUNDLED].map((name) => `${ROOT}node_modules/${name}`)]
    .flatMap(jsFiles)
    .flatMap((file) => classNames(readFileSync(file, 'utf8'))),
);
const renamedClasses = jsFiles(`${ROOT}dist/bundle`)
  .flatMap((file) => classNames(readFileSync(file, 'utf8')))
  .filter((name) => !declared.has(name));
if (renamedClasses.length > 0) {
  throw new Error(
    `bundle: classes renamed by esbuild (a name collides across modules; rename one): ${[...new Set(renamedClasses)].join(', ')}`,
  );
}
