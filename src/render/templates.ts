/**
 * The reply template engine: every `templates/**\/*.liquid` is read at start-up and parsed on its
 * first use (issue 22: a process parses the few it answers with, not all 160), then rendered
 * synchronously (liquidjs `renderSync`) with the es-PE filters of format.ts. Wording lives in the
 * templates, so staff can edit replies without touching code.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Liquid, Template } from 'liquidjs';
import {
  fecha,
  fechahora,
  limitList,
  mes,
  numero,
  pct,
  periodo,
  remaining,
  soles,
  tasa,
  tidy,
} from './format.js';
import { type PlainCopy, plainCopy, samePlain } from './data-key.js';

export interface Templates {
  /** Renders `name` (path without extension, e.g. `ruc`, `errors/invalid-ruc-length`). Throws if unknown. */
  render(name: string, data?: Record<string, unknown>): string;
  has(name: string): boolean;
  /** Every loaded template name, sorted (for tests and diagnostics). */
  names(): string[];
  /** Parses every template not parsed yet: a syntax error throws naming the file (tests, checks). */
  parseAll(): void;
}

export interface TemplatesOptions {
  /** Defaults to the repository's `templates/` folder (found from this module, in src or dist). */
  dir?: string;
  /** Default cut for `limite`/`resto` when the render data has no `maximo_lista`. */
  maxListItems?: number;
}

/** Render-data key that overrides the list cut for one render (commands pass settings.maxListItems). */
export const LIST_LIMIT_KEY = 'maximo_lista';

const DEFAULT_MAX_LIST_ITEMS = 10;
/** Replies `render` keeps to hand out again, and for how long (see `recent` below). */
const RECENT_REPLIES = 256;
const RECENT_MS = 10 * 60_000;
/** Of those, the most one template keeps (each render compares its data with them). */
const RECENT_PER_TEMPLATE = 8;

/** The part of liquidjs' filter `this` we use (the type itself is not exported). */
interface FilterThis {
  context: { getSync(paths: string[]): unknown };
}

/** templates/ next to the package root, whether we run from src/render or dist/src/render. */
export function defaultTemplatesDir(): string {
  for (const up of ['../../templates', '../../../templates']) {
    const dir = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  }
  throw new Error('templates directory not found; pass createTemplates({ dir })');
}

function collect(dir: string, root: string, out: Map<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path, root, out);
    else if (entry.isFile() && entry.name.endsWith('.liquid')) {
      const name = relative(root, path)
        .split(sep)
        .join('/')
        .replace(/\.liquid$/u, '');
      out.set(name, readFileSync(path, 'utf8'));
    }
  }
}

/**
 * liquidjs, loaded on the first render rather than at start (issue 22: 1.6 MB of an idle process
 * that has answered nothing yet). Its package is CommonJS, so `require` loads it synchronously,
 * the very module `import` would.
 */
const requireModule = createRequire(import.meta.url);

/** The engine over every template's source, with the es-PE filters. */
function createEngine(sources: Map<string, string>, defaultMax: number): Liquid {
  const { Liquid: Engine } = requireModule('liquidjs') as { Liquid: typeof Liquid };
  const liquid = new Engine({
    templates: Object.fromEntries(sources),
    extname: '',
    cache: true,
    jsTruthy: true,
    ownPropertyOnly: true,
    strictFilters: true,
    // liquidjs' own date filters would read it (no template uses them: fecha, fechahora and mes are
    // ours). Given, it spares the engine's constructor an Intl.DateTimeFormat made only to read the
    // process's default locale: ~25 ms of ICU set-up on a cold process's first reply (issue 22).
    locale: 'es-PE',
  });
  const maxFor = (impl: FilterThis, explicit: unknown): number => {
    if (typeof explicit === 'number') return explicit;
    const fromData = impl.context.getSync([LIST_LIMIT_KEY]);
    return typeof fromData === 'number' && fromData >= 0 ? fromData : defaultMax;
  };
  liquid.registerFilter('soles', soles);
  liquid.registerFilter('numero', numero);
  liquid.registerFilter('tasa', tasa);
  liquid.registerFilter('pct', pct);
  liquid.registerFilter('fecha', fecha);
  liquid.registerFilter('fechahora', fechahora);
  liquid.registerFilter('periodo', periodo);
  liquid.registerFilter('mes', mes);
  liquid.registerFilter('limite', function (this: FilterThis, list: unknown, max?: unknown) {
    return limitList(list, maxFor(this, max));
  });
  liquid.registerFilter('resto', function (this: FilterThis, list: unknown, max?: unknown) {
    return remaining(list, maxFor(this, max));
  });
  return liquid;
}

/**
 * Reads every template; each is parsed once, on its first render. A syntax error throws there,
 * naming the file (`parseAll()` finds them all at once).
 */
export function createTemplates(options: TemplatesOptions = {}): Templates {
  const dir = options.dir ?? defaultTemplatesDir();
  const defaultMax = options.maxListItems ?? DEFAULT_MAX_LIST_ITEMS;
  const sources = new Map<string, string>();
  collect(dir, dir, sources);
  let engine: Liquid | undefined;
  const liquid = (): Liquid => (engine ??= createEngine(sources, defaultMax));

  const parsed = new Map<string, Template[]>();
  const parsedOf = (name: string): Template[] => {
    const known = parsed.get(name);
    if (known) return known;
    const source = sources.get(name);
    if (source === undefined) throw new Error(`unknown template: ${name}`);
    let template: Template[];
    try {
      template = liquid().parse(source, name);
    } catch (error) {
      throw new Error(`template ${name}.liquid: ${(error as Error).message}`, { cause: error });
    }
    parsed.set(name, template);
    return template;
  };

  // A reply rendered from the same data as a recent one is that one: a lookup answered from the
  // cache, the same error, `ayuda`. Bounded in number and age (replies may hold personal data);
  // a template's few latest, newest first, compared in place with the data (data-key.ts).
  const recent = new Map<string, { data: PlainCopy; text: string; at: number }[]>();
  let kept = 0;
  return {
    render(name, data = {}) {
      const template = parsedOf(name);
      const now = Date.now();
      let list = recent.get(name);
      if (list !== undefined) {
        for (let i = 0; i < list.length; i++) {
          const known = list[i]!;
          if (!samePlain(known.data, data)) continue;
          if (now - known.at < RECENT_MS) return known.text;
          list.splice(i, 1);
          kept -= 1;
          break;
        }
      }
      const text = tidy(String(liquid().renderSync(template, data)));
      const copy = plainCopy(data);
      if (copy !== undefined) {
        if (kept >= RECENT_REPLIES) {
          recent.clear();
          kept = 0;
          list = undefined;
        }
        if (list === undefined) recent.set(name, (list = []));
        list.unshift({ data: copy, text, at: now });
        kept += 1;
        if (list.length > RECENT_PER_TEMPLATE) {
          list.pop();
          kept -= 1;
        }
      }
      return text;
    },
    has: (name) => sources.has(name),
    names: () => [...sources.keys()].sort(),
    parseAll() {
      for (const name of sources.keys()) parsedOf(name);
    },
  };
}
