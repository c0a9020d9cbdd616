import { ConfigError } from '../config/errors.js';
import { LookupConfigError } from '../lookup/options.js';

/**
 * Command-line and configuration problems that surface outside the config loader, as text that
 * says in Spanish what to change (then in English): a flag node:util's parseArgs refused, and the
 * lookup client's own checks when the app is built (a base URL without its token, or with
 * credentials in it). The CLIs exit with EXIT_CODES.usage and EXIT_CODES.config for them.
 */

/** node:util parseArgs's refusal of a flag, in Spanish first; any other error keeps its own message. */
export function usageProblem(error: unknown, command: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/u.exec(message)?.[1] ?? '';
  const help = `vea «chasqui ${command} --help» / see --help`;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `opción desconocida ${option}: ${help} (unknown option)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return message.includes('argument missing')
        ? `a la opción ${option} le falta su valor, p. ej. ${option} VALOR (${option} needs a value)`
        : `la opción ${option} no lleva valor: ${help} (${option} takes no value)`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `argumento de más: ${/'([^']+)'/u.exec(message)?.[1] ?? ''}; ${help} (unexpected argument)`;
    default:
      return message;
  }
}

/** What each check of the lookup client means (English) and what to change (Spanish), by its message. */
function lookupFix(variable: string, message: string): [string, string] {
  if (message.includes('not set') && variable === 'LOOKUP_TOKEN')
    return [
      'not set: LOOKUP_BASE_URL is, and the lookup API needs its bearer token',
      'defina LOOKUP_TOKEN con el token de su cuenta de la API de consultas, o quite LOOKUP_BASE_URL para usar el sandbox local.',
    ];
  if (message.includes('credentials, a query or a fragment'))
    return [
      'must be https://host/path only: no user:password, query or fragment',
      `deje en ${variable} solo https://servidor/ruta: sin usuario:clave, sin ?… y sin #… (el token va en LOOKUP_TOKEN).`,
    ];
  if (message.includes('line break'))
    return [
      'contains a line break',
      `quite el salto de línea de ${variable} (suele quedar al copiar el token).`,
    ];
  if (message.includes('not set')) return [message, `defina ${variable}.`];
  return [message, `corrija ${variable} (ver README, sección «Configuración»).`];
}

/** The text for a configuration error found while the app is built, or undefined for other errors. */
export function lateConfigProblem(error: unknown): string | undefined {
  if (error instanceof ConfigError) return error.message;
  if (!(error instanceof LookupConfigError)) return undefined;
  const prefix = `${error.variable}: `;
  const detail = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  const [message, fix] = lookupFix(error.variable, detail);
  return new ConfigError([{ path: error.variable, message, fix }]).message;
}
