import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Liquid } from 'liquidjs';
import { fecha, mes, numero } from '../render/format.js';
import { defaultTemplatesDir } from '../render/templates.js';
import { limaParts } from '../time/lima.js';

/**
 * The console's HTML: liquidjs templates in `console/templates/` with output escaped by default
 * (everything shown comes from the store or WhatsApp), Spanish (Peru) labels, Lima times, es-PE
 * numbers. The chat's templates are partials too, so a schedule reads as the chat says it.
 */

/** `console/` next to the package root, from src/console or dist/src/console. */
export function consoleDir(): string {
  for (const up of ['../../console', '../../../console']) {
    const dir = fileURLToPath(new URL(up, import.meta.url));
    if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  }
  throw new Error('console directory not found');
}

const requireModule = createRequire(import.meta.url);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "14/03/2026, 08:30" in Lima time (midnight is 00:05, not 24:05), as es-PE's Intl format writes
 * it, from lima.ts's fields: an Intl formatter of its own would load ICU's time-zone data into an
 * idle process (issue 22).
 */
export function formatLima(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  const at = limaParts(date);
  return `${pad(at.day)}/${pad(at.month)}/${at.year}, ${pad(at.hour)}:${pad(at.minute)}`;
}

/** `1` → `1 pendiente`, `1200` → `1,200 pendientes`: the count with the noun that agrees. */
function countOf(value: unknown, one: unknown, many: unknown): string {
  const n = Number(value);
  return `${numero(Number.isFinite(n) ? n : 0)} ${n === 1 ? String(one) : String(many)}`;
}

export interface ConsoleRenderer {
  page(name: string, data: Record<string, unknown>): Promise<string>;
  /** A partial as plain text (chart labels), whitespace collapsed. */
  text(name: string, data: Record<string, unknown>): Promise<string>;
}

export function createConsoleRenderer(dir = `${consoleDir()}/templates`): ConsoleRenderer {
  // liquidjs is loaded on the first page, not when the console starts (issue 22: an idle process
  // that nobody looks at does not hold it).
  // The same CommonJS build the chat's templates load (render/templates.ts), so one copy is held.
  let engine: Liquid | undefined;
  const liquid = () => {
    if (!engine) {
      const { Liquid: Engine } = requireModule('liquidjs') as { Liquid: typeof Liquid };
      engine = configured(new Engine(options(dir)));
    }
    return engine;
  };
  return {
    page: async (name, data) => liquid().renderFile(name, data),
    async text(name, data) {
      const html = String(await liquid().renderFile(name, data));
      return unescapeHtml(html.replace(/\s+/gu, ' ').trim());
    },
  };
}

function options(dir: string): ConstructorParameters<typeof Liquid>[0] {
  return {
    root: dir,
    partials: [dir, defaultTemplatesDir()],
    layouts: dir,
    extname: '.liquid',
    jsTruthy: true,
    cache: true,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
    // Given, so liquidjs does not make an Intl formatter to read the default one (no console
    // template uses liquidjs' date filters, its only readers).
    locale: 'es-PE',
  };
}

function configured(liquid: Liquid): Liquid {
  liquid.registerFilter('lima', formatLima);
  liquid.registerFilter('numero', numero);
  liquid.registerFilter('mes', mes);
  liquid.registerFilter('fecha', fecha);
  liquid.registerFilter('cuenta', countOf);
  // liquid's `capitalize` lowercases the rest (AFP → Afp): only the first letter here.
  liquid.registerFilter('capital', (value: unknown) => {
    const text = String(value ?? '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
  liquid.registerFilter('raw_html', (value: unknown) => value);
  return liquid;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&#34;': '"',
  '&#39;': "'",
};

/** Undoes liquidjs' `escape` (text for a canvas, which draws characters, not HTML). */
function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|#34|#39);/gu, (entity) => ENTITIES[entity] ?? entity);
}
