/**
 * WhatsApp ids as the bot core needs them (the language layer reads the text; see src/language).
 */

/** Digits of the user part of a WhatsApp id: `51987654321:3@s.whatsapp.net` → `51987654321`. */
export function idDigits(id: string): string {
  const user = id.split('@')[0] ?? '';
  return (user.split(':')[0] ?? '').replace(/\D/g, '');
}
