/**
 * WhatsApp ids as the bot core needs them (the language layer reads the text; see src/language).
 */

/** Digits of the user part of a WhatsApp id: `51987654321:3@s.whatsapp.net` → `51987654321`. */
export function idDigits(id: string): string {
  // One pass, no arrays: every message asks this of each sender id and of the bot's own ids.
  let digits = '';
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code === 0x40 || code === 0x3a) break; // `@` ends the user part, `:` starts the device
    if (code >= 0x30 && code <= 0x39) digits += id[i];
  }
  return digits;
}
