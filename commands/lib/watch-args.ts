import type { CommandContext } from '../../src/bot/command.js';
import { parseRuc } from '../../src/input/ruc.js';
import { UserError } from '../../src/input/user-error.js';
import type { WatchPort } from '../../src/watch/port.js';

/** Words before the RUC in natural phrasings: "vigila el ruc …", "deja de vigilar al proveedor …". */
const LEAD = /^(de|el|al|a|la|los|ruc|vigilar|vigiles|vigilando|proveedor|cliente|n°|nro|numero|número|:)$/iu;

const hasRucDigits = (word: string) => word.replace(/[.-]/gu, '').replace(/\D/gu, '').length >= 8;

/** `[lead words] <ruc> [note…]` → the RUC (validated) and the note (the words after it). */
export function parseWatchArgs(raw: string): { ruc: string; note?: string } {
  const words = raw.split(' ').filter(Boolean);
  const at = words.findIndex(hasRucDigits);
  if (at < 0 || !words.slice(0, at).every((word) => LEAD.test(word.replace(/:$/u, '')))) {
    return { ruc: parseRuc(raw) };
  }
  const ruc = parseRuc(words[at] ?? '');
  const note = words
    .slice(at + 1)
    .join(' ')
    .replace(/^[-:–—,]+\s*/u, '')
    .trim()
    .slice(0, 80);
  return note ? { ruc, note } : { ruc };
}

/** An unaddressed message is an attempt when lead words are followed by a RUC-like number. */
export function isWatchAttempt(raw: string): boolean {
  const words = raw.split(' ').filter(Boolean);
  const at = words.findIndex(hasRucDigits);
  return at >= 0 && at <= 4 && words.slice(0, at).every((word) => LEAD.test(word.replace(/:$/u, '')));
}

/** The watch list, or a templated "not available" when the app has none. */
export function watchPort(ctx: CommandContext<unknown>): WatchPort {
  const port = ctx.services.watch;
  if (!port) throw new UserError('vigilar-no-disponible');
  return port;
}
