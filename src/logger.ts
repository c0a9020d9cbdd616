import { createRequire } from 'node:module';
import { isatty } from 'node:tty';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

/**
 * Paths redacted wherever they appear in a log object. Secrets (tokens, tax-portal password)
 * and personal data (DNI numbers, names) must never reach the log in clear.
 */
const REDACT_PATHS = [
  'token',
  'password',
  'authorization',
  '*.token',
  '*.password',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'credentials',
  '*.credentials',
  'usuario',
  '*.usuario',
  'dni',
  '*.dni',
  'senderName',
  '*.senderName',
  'text',
  '*.text',
];

export interface LoggerOptions {
  level?: string;
  /** Destination stream (JSON lines, always); when absent, `fd` decides. */
  destination?: pino.DestinationStream;
  /** File descriptor to log to when no destination is given (default 1; `start` and `chat` use 2). */
  fd?: 1 | 2;
  /** Environment deciding the format (NODE_ENV); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

/**
 * The root logger; modules take `logger.child({ module: '...' })`. On a terminal the lines are
 * for a person (pino-pretty, loaded only then); anywhere else, and always with
 * NODE_ENV=production (the Docker image, even under `docker run -it`), one JSON object a line.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const fd = options.fd ?? 1;
  return pino(
    {
      level: options.level ?? env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { app: 'chasqui' },
    },
    options.destination ?? (prettyLogs(isatty(fd), env) ? prettyStream(fd) : pino.destination(fd)),
  );
}

/** Human lines only for a person at a terminal, never in production. */
export function prettyLogs(terminal: boolean, env: NodeJS.ProcessEnv): boolean {
  return terminal && env.NODE_ENV !== 'production';
}

/** pino-pretty writing synchronously to `fd` (so a crash loses no line), required on demand. */
function prettyStream(fd: 1 | 2): pino.DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    destination: fd,
    sync: true,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,app',
    singleLine: true,
  });
}

/** A logger that drops everything, for tests and benchmarks. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export type { Logger };
