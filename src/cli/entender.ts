import { parseArgs } from 'node:util';
import { commands } from '../app/features.js';
import { understandContext } from '../bot/stages/understand.js';
import { type Config, loadConfig } from '../config.js';
import { createUnderstanding } from '../language/index.js';
import { addDays, limaInstant } from '../time/lima.js';
import { CHAT_DEFAULTS } from './chat.js';
import { EXIT_CODES } from './exit-codes.js';
import { usageProblem } from './problems.js';
import { describeReading, readingJson } from './reading-text.js';

const USAGE = `Uso: chasqui entender [opciones] "<mensaje>"   ·   echo -e "a\\nb" | chasqui entender -

Muestra cómo lee Chasqui un mensaje, sin enviar nada ni consultar la API: el acto (pedido,
comentario, saludo…), el comando, los argumentos leídos (o el error local) y las reglas que
decidieron («Por qué»). Sirve para responder «¿por qué no contestó?».
Un mensaje de varias líneas: \\n dentro del argumento, o el texto por la entrada estándar con «-».

  --json            una línea JSON: {"text", "reading"}
  --direct          como chat directo con el bot (por defecto, un mensaje en un grupo)
  --bot NUMERO      número del bot: una mención @NUMERO en el texto lo nombra
  --hoy AAAA-MM-DD  fecha de hoy en Lima para las fechas relativas (por defecto, hoy)

Usa los mismos comandos y contexto que el bot: el RUC propio de la configuración (TAX_PORTAL_RUC;
sin LOOKUP_BASE_URL, el del sandbox) y los feriados configurados.`;

/** The process streams and environment; injectable so tests run the CLI in-process. */
export interface EntenderIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

interface Flags {
  json: boolean;
  direct: boolean;
  bot: string[];
  now: Date;
  /** The message, or undefined to read stdin. */
  text: string | undefined;
}

function parseFlags(argv: string[]): Flags | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      direct: { type: 'boolean', default: false },
      bot: { type: 'string' },
      hoy: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const bot = values.bot === undefined ? [] : [values.bot.replace(/\D/gu, '')];
  if (bot[0] === '')
    throw new Error('--bot: se espera el número del bot con código de país, p. ej. 51900000000');
  let now = new Date();
  if (values.hoy !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/u.test(values.hoy) || addDays(values.hoy, 0) !== values.hoy)
      throw new Error(
        `--hoy: se espera una fecha AAAA-MM-DD, p. ej. 2026-11-22 (se recibió «${values.hoy}»)`,
      );
    now = limaInstant(values.hoy, 12, 0);
  }
  const stdin = positionals.length === 0 || (positionals.length === 1 && positionals[0] === '-');
  // A literal `\n` typed in the argument is a line break (shells pass it as two characters).
  const text = stdin ? undefined : positionals.join(' ').replace(/\\n/gu, '\n');
  return { json: values.json, direct: values.direct, bot, now, text };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/u, '');
}

/** The own RUC the bot would use: the configured one, or the sandbox's when no lookup API is set. */
function settingsOf(config: Config): Parameters<typeof understandContext>[2] {
  const taxPortal = config.lookup.baseUrl ? config.taxPortal : CHAT_DEFAULTS.sandboxTaxPortal;
  return { ...(taxPortal ? { taxPortal } : {}), holidays: config.scheduler.holidays };
}

/** `chasqui entender`: prints the Reading of one message. Returns the exit code. */
export async function runEntender(argv: string[], io: EntenderIo = process): Promise<number> {
  let flags: Flags | 'help';
  try {
    flags = parseFlags(argv);
  } catch (error) {
    io.stderr.write(`chasqui entender: ${usageProblem(error, 'entender')}\n\n${USAGE}\n`);
    return EXIT_CODES.usage;
  }
  if (flags === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  let config: Config;
  try {
    config = loadConfig({ env: io.env });
  } catch (error) {
    io.stderr.write(`chasqui entender: ${(error as Error).message}\n`);
    return EXIT_CODES.config;
  }
  const text = flags.text ?? (await readAll(io.stdin));
  const understanding = createUnderstanding(commands);
  const context = understandContext(!flags.direct, flags.bot, settingsOf(config), flags.now);
  const reading = understanding.understand(text, context);
  io.stdout.write(`${flags.json ? readingJson(text, reading) : describeReading(text, reading)}\n`);
  return EXIT_CODES.ok;
}
