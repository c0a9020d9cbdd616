/**
 * The one rule for comparing words people type: command words, weekday names, group names,
 * lookup messages, company-name search. Two copies of this drifted once (a group name matched by
 * one rule in the access guard and another in the directory); everything calls `fold` now.
 *
 * The rule, in order:
 * 1. NFKC: compatibility forms become plain ones (`ｒｕｃ` → `ruc`, `ﬁ` → `fi`, `²` → `2`).
 * 2. Accents stripped: NFD, then every combining mark (`\p{M}`) removed (`Guía` → `Guia`).
 * 3. `ñ` is NOT kept distinct: it is `n` plus a combining tilde, so it folds to `n` (`Peña` and
 *    `Pena`, `Año` and `ano` match). Phones and desktop keyboards outside Peru often lack `ñ`, and
 *    people type "Pena" for a group called "Peña"; a false match inside our small vocabularies
 *    (command words, weekday names, the groups of one config) is far less likely than a miss.
 *    This is also what every copy did before, so no user sees a change.
 * 4. Lower case (`toLowerCase`, locale-independent).
 * 5. Whitespace runs collapsed to one space, ends trimmed.
 * Never use the result for display: it is a comparison key.
 */
export function fold(text: string): string {
  // Printable ASCII with no space (most words, `RUC`, `ABC-123`): only the case changes.
  let plain = true;
  for (let i = 0; i < text.length && plain; i++) {
    const code = text.charCodeAt(i);
    plain = code > 0x20 && code < 0x7f;
  }
  if (plain) return text.toLowerCase();
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}
