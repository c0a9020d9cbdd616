import pino, { type Logger } from 'pino';

/**
 * Paths redacted wherever they appear in a log object. Secrets (tokens, tax-portal password)
 * and personal data (DNI numbers, names) must never reach the log in clear.
 */
export const REDACT_PATHS = [
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
  /** Destination stream; defaults to stdout. The terminal chat logs to stderr. */
  destination?: pino.DestinationStream;
}

/** The root logger; modules take `logger.child({ module: '...' })`. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { app: 'chasqui' },
    },
    options.destination ?? pino.destination(1),
  );
}

/** A logger that drops everything, for tests and benchmarks. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export type { Logger };
