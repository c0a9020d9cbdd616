import { DataDirLockedError } from '../store/lock.js';
import { DataStoreError } from '../store/open-errors.js';

/**
 * Exit codes of every `chasqui` subcommand (documented in the README): a supervisor or script can
 * tell a bad flag from a bad config, an unusable data directory, or a directory in use.
 */
export const EXIT_CODES = {
  ok: 0,
  /** WhatsApp stopped for good (logged out, banned, gave up), or an unexpected error. */
  failure: 1,
  /** Unknown subcommand or flag, or a command line to change (`backup` onto an existing file without --force). */
  usage: 2,
  /** Invalid configuration (environment or config file), any subcommand. */
  config: 3,
  /** The data directory or its database cannot be used (see the message for the fix). */
  dataDir: 4,
  /** Another process holds the data directory. */
  locked: 5,
  /** Refused to answer real users from the fictional sandbox (NODE_ENV=production without --sandbox). */
  sandboxRefused: 6,
} as const;

/** The exit code and message for a start-up failure of the store, or undefined for anything else. */
export function storeFailure(error: unknown): { code: number; message: string } | undefined {
  if (error instanceof DataStoreError) return { code: EXIT_CODES.dataDir, message: error.message };
  if (error instanceof DataDirLockedError) return { code: EXIT_CODES.locked, message: error.message };
  return undefined;
}
