import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { ConfigIssue } from './errors.js';

/**
 * The YAML parser (72 files, ~6 MB resident): loaded, synchronously, only when there is a config
 * file to read (issue 22: a process configured by its environment alone never loads it).
 */
let yaml: typeof Yaml | undefined;
const loadYaml = (): typeof Yaml => (yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml);

/**
 * Reads the optional config file. `yaml` parses JSON too, so one reader serves both formats.
 * Problems come back as issues on `CHASQUI_CONFIG` and never quote the file's content.
 */
export function readConfigFile(file: string): { data?: unknown; issues: ConfigIssue[] } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const [reason, fix] = READ_PROBLEMS[code] ?? [
      `cannot read the file (${code})`,
      'revise la ruta y los permisos',
    ];
    return { issues: [{ path: 'CHASQUI_CONFIG', message: `${reason}: ${file}`, fix: `${file} ${fix}.` }] };
  }
  const { parse, YAMLParseError } = loadYaml();
  try {
    // Warnings (e.g. an unknown !tag) stay in the parser: the schema then names the key.
    const data: unknown = parse(text, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
    if (data === null || data === undefined) return { data: {}, issues: [] };
    if (typeof data !== 'object' || Array.isArray(data)) {
      return {
        issues: [
          {
            path: 'CHASQUI_CONFIG',
            message: `expected a map of keys at the top of ${file}`,
            fix: `${file} debe empezar con claves (p. ej. «groups:»), no con una lista ni un texto suelto.`,
          },
        ],
      };
    }
    return { data, issues: [] };
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const at = lineAndColumn(text, error.pos[0]);
      const fix = SYNTAX_FIXES[error.code] ?? SYNTAX_FIX;
      return {
        issues: [
          {
            path: 'CHASQUI_CONFIG',
            message: `YAML/JSON syntax error in ${file} at ${at.english} (${error.code})`,
            fix: `${file}, ${at.spanish}: ${fix}.`,
          },
        ],
      };
    }
    // The parser's guard against alias bombs (&a / *a repeated) throws a plain error.
    const message = error instanceof Error ? error.message : String(error);
    const aliases = /alias/iu.test(message);
    return {
      issues: [
        {
          path: 'CHASQUI_CONFIG',
          message: aliases
            ? `${file} expands too many YAML aliases (*name)`
            : `${file} cannot be read as YAML/JSON`,
          fix: aliases
            ? `${file} usa demasiados alias YAML (&nombre … *nombre): escriba los valores completos, sin alias.`
            : `${file} no se pudo leer como YAML o JSON: revise que sea un archivo de texto con claves y valores.`,
        },
      ],
    };
  }
}

/** Why the file could not be read, in English, and what to do, in Spanish (after its path). */
const READ_PROBLEMS: Record<string, [string, string]> = {
  ENOENT: [
    'file not found',
    'no existe: corrija la ruta en CHASQUI_CONFIG (relativa a la carpeta desde donde inicia)',
  ],
  EISDIR: [
    'a folder, not a file',
    'es una carpeta: CHASQUI_CONFIG debe apuntar al archivo, p. ej. /etc/chasqui/config.yaml',
  ],
  EACCES: [
    'no permission to read the file',
    'no se puede leer: dé permiso de lectura al usuario que ejecuta Chasqui',
  ],
  EPERM: [
    'no permission to read the file',
    'no se puede leer: dé permiso de lectura al usuario que ejecuta Chasqui',
  ],
};

const SYNTAX_FIX =
  'revise en esa línea la sangría (espacios, no tabuladores), los dos puntos tras cada clave y que comillas y corchetes se cierren';

/** The YAML parser's error codes worth their own advice. */
const SYNTAX_FIXES: Partial<Record<string, string>> = {
  DUPLICATE_KEY: 'una clave aparece dos veces en la misma sección: deje una sola',
  TAB_AS_INDENT: 'hay un tabulador en la sangría: use espacios',
  MULTIPLE_DOCS: 'el archivo tiene más de un documento (---): deje uno solo',
  BAD_ALIAS: 'un alias (*nombre) no tiene su ancla (&nombre): escriba el valor completo',
};

function lineAndColumn(text: string, offset: number): { english: string; spanish: string } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { english: `line ${line}, column ${column}`, spanish: `línea ${line}, columna ${column}` };
}
