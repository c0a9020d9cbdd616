import { readFileSync } from 'node:fs';
import { parse, YAMLParseError } from 'yaml';
import type { ConfigIssue } from './errors.js';

/**
 * Reads the optional config file. `yaml` parses JSON too, so one reader serves both formats.
 * Problems come back as issues on `CHASQUI_CONFIG` and never quote the file's content.
 */
export function readConfigFile(file: string): { data?: unknown; issues: ConfigIssue[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? 'error'})`;
    return { issues: [{ path: 'CHASQUI_CONFIG', message: `${reason}: ${file}` }] };
  }
  try {
    const data: unknown = parse(text, { prettyErrors: false, uniqueKeys: true });
    if (data === null || data === undefined) return { data: {}, issues: [] };
    if (typeof data !== 'object' || Array.isArray(data)) {
      return {
        issues: [{ path: 'CHASQUI_CONFIG', message: `expected a map of keys at the top of ${file}` }],
      };
    }
    return { data, issues: [] };
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = ` at ${lineAndColumn(text, error.pos[0])}`;
      const what = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? error.code;
      return {
        issues: [{ path: 'CHASQUI_CONFIG', message: `YAML/JSON syntax error in ${file}${where}: ${what}` }],
      };
    }
    throw error;
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}
