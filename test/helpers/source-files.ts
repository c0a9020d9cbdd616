import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every `.ts` file below `dir`, for the tests that read the source tree (architecture rules). */
export function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFilesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}
