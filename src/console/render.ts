import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Liquid } from 'liquidjs';
import { LIMA_TZ } from '../time/lima.js';

/**
 * The console's HTML: liquidjs templates in `console/templates/` with output escaped by default
 * (everything shown comes from the store or WhatsApp), Spanish (Peru) labels, Lima times.
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
  hour12: false,
});

/** "14/03/2026, 08:30" in Lima time. */
export function formatLima(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? limaTime.format(date) : '';
}

export interface ConsoleRenderer {
  page(name: string, data: Record<string, unknown>): Promise<string>;
}

export function createConsoleRenderer(dir = `${consoleDir()}/templates`): ConsoleRenderer {
  const liquid = new Liquid({
    root: dir,
    extname: '.liquid',
    cache: true,
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
  });
  liquid.registerFilter('lima', formatLima);
  liquid.registerFilter('raw_html', (value: unknown) => value);
  return { page: (name, data) => liquid.renderFile(name, data) };
}
