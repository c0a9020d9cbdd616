import { MAX_TEXT_LENGTH } from '../transports/transport.js';
import { UserError } from '../errors/user-error.js';

/*
 * What a reply to an error needs besides its template (the classifier is classify.ts): the
 * example under a user error, and the cut to WhatsApp's length.
 */

/** The one text not in a template: used only when even `errors/internal` cannot be rendered. */
export const LAST_RESORT_TEXT = 'Ocurrió un error inesperado. Intenta de nuevo en unos minutos.';

/**
 * The example shown under a user error, chosen in this one place from the command's declared
 * `examples`: the one the error names (`UserError` option `example`), else the first example
 * with arguments (`tc 20/11/2026` rather than a bare `tc`).
 */
export function exampleFor(examples: readonly string[], error: unknown): string | undefined {
  const named =
    error instanceof UserError && error.example !== undefined ? examples[error.example] : undefined;
  return named ?? examples.find((text) => /\S\s+\S/u.test(text.trim())) ?? examples[0];
}

/** Cuts a reply to WhatsApp's limit, ending in "…" and never splitting a surrogate pair. */
export function cutText(text: string, max = MAX_TEXT_LENGTH): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
