/**
 * Helpers to pick the identifier out of free chat text, shared by the validators: people write
 * `ruc del cliente 20123456786` or `placa ABC 123`, and we want the one token that matters.
 */

/** Splits on any whitespace, dropping empties. */
export function tokens(raw: string): string[] {
  return raw
    .trim()
    .split(/\s+/u)
    .filter((t) => t.length > 0);
}

/** The first token that contains a digit, else the first token, else ''. */
export function pickToken(raw: string): string {
  const all = tokens(raw);
  return all.find((t) => /\d/u.test(t)) ?? all[0] ?? '';
}

/** Strips accents and lowercases: `Ayúda` → `ayuda`. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Keeps a user-typed value short and printable before echoing it back in an error reply. */
export function echo(value: string, max = 30): string {
  const clean = value.replace(/[\p{C}]/gu, '').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
