import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Liquid } from 'liquidjs';
import { fecha, mes, numero } from '../render/format.js';
import { defaultTemplatesDir } from '../render/templates.js';
import { LIMA_TZ } from '../time/lima.js';

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

const limaTime = new Intl.DateTimeFormat('es-PE', {
  timeZone: LIMA_TZ,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // `hour12: false` writes midnight as "24:05" in this locale; h23 writes "00:05".
  hourCycle: 'h23',
});

/** "14/03/2026, 08:30" in Lima time. */
export function formatLima(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? limaTime.format(date) : '';
}

/** `1` → `1 pendiente`, `1200` → `1,200 pendientes`: the count with the noun that agrees. */
export function countOf(value: unknown, one: unknown, many: unknown): string {
  const n = Number(value);
  return `${numero(Number.isFinite(n) ? n : 0)} ${n === 1 ? String(one) : String(many)}`;
}

export interface ConsoleRenderer {
  page(name: string, data: Record<string, unknown>): Promise<string>;
  /** A partial as plain text (chart labels), whitespace collapsed. */
  text(name: string, data: Record<string, unknown>): Promise<string>;
}

export function createConsoleRenderer(dir = `${consoleDir()}/templates`): ConsoleRenderer {
  const liquid = new Liquid({
    root: dir,
    partials: [dir, defaultTemplatesDir()],
    layouts: dir,
    extname: '.liquid',
    jsTruthy: true,
    cache: true,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
  });
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
  return {
    page: (name, data) => liquid.renderFile(name, data),
    async text(name, data) {
      const html = String(await liquid.renderFile(name, data));
      return unescapeHtml(html.replace(/\s+/gu, ' ').trim());
    },
  };
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
