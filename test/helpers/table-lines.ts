import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TABLES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bot', 'phrasings');

/**
 * Every row's text of the phrasing tables (`test/bot/phrasings/*.table.ts`, the end-to-end
 * contract), and how many tables they come from. A row is `[text, outcome, args?]`; other exports
 * (rules paired with rows) are skipped. Used by tests and by `npm run bench -- language`.
 */
export async function tableLines(): Promise<{ tables: number; lines: string[] }> {
  const files = readdirSync(TABLES).filter((name) => name.endsWith('.table.ts'));
  const lines: string[] = [];
  for (const file of files) {
    const module = (await import(path.join(TABLES, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!Array.isArray(value)) continue;
      for (const row of value as unknown[])
        if (Array.isArray(row) && typeof row[0] === 'string') lines.push(row[0]);
    }
  }
  return { tables: files.length, lines };
}
