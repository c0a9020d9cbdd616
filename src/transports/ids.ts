/**
 * WhatsApp ids: the only home of their shapes outside the Baileys adapter (which reads them with
 * Baileys' own helpers). A phone number's chat or sender is `<digits>@s.whatsapp.net` (legacy
 * `@c.us`), a LID `<digits>@lid`, a group `<digits>[-<digits>]@g.us`; a linked device adds `:N`
 * to the user part (`51987654321:3@s.whatsapp.net`).
 */

const PHONE_SERVER = '@s.whatsapp.net';
const LEGACY_PHONE_SERVER = '@c.us';
const LID_SERVER = '@lid';
const GROUP_SERVER = '@g.us';

/** The direct chat with a phone number (digits with country code): where the bot writes to a person. */
export function directChat(phone: string): string {
  return `${phone}${PHONE_SERVER}`;
}

/** A group's id from its user part (`120363000000000001`); the terminal chat makes some up. */
export function groupChat(user: string): string {
  return `${user}${GROUP_SERVER}`;
}

/** True for a group chat; everything else is a person (phone number or LID) or a system chat. */
export function isGroupChat(id: string): boolean {
  return id.endsWith(GROUP_SERVER);
}

/** A group id without its server (`120363000000000001`), for a label; any other id as it is. */
export function groupUser(id: string): string {
  return isGroupChat(id) ? id.slice(0, -GROUP_SERVER.length) : id;
}

/** True for a LID: its digits are not a phone number. */
export function isLid(id: string): boolean {
  return id.endsWith(LID_SERVER);
}

/** True for a phone number's id (`@s.whatsapp.net`, or the legacy `@c.us` Baileys reads as one). */
export function isPhoneId(id: string): boolean {
  return id.endsWith(PHONE_SERVER) || id.endsWith(LEGACY_PHONE_SERVER);
}

/** The phone number (digits) of a phone-number id; undefined for a LID, a group or anything else. */
export function phoneOf(id: string): string | undefined {
  return isPhoneId(id) ? idDigits(id) : undefined;
}

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

/**
 * The id without its device and agent parts, the legacy `@c.us` read as `@s.whatsapp.net`
 * (`51987654321:12@s.whatsapp.net` → `51987654321@s.whatsapp.net`): what Baileys'
 * `jidNormalizedUser` returns, and the text itself when it is no id.
 */
export function normalizeId(id: string): string {
  const at = id.indexOf('@');
  if (at < 0) return id;
  const user = id.slice(0, at);
  const end = user.search(/[:_]/u);
  const server = id.slice(at);
  return `${end < 0 ? user : user.slice(0, end)}${server === LEGACY_PHONE_SERVER ? PHONE_SERVER : server}`;
}

/** SQL `LIKE` pattern of group chat ids (stores keep group ids and pseudonymise people's). */
export const GROUP_CHAT_LIKE = `%${GROUP_SERVER}`;

/** A group id as a config file may name it: digits, `-digits` for older groups, then `@g.us`. */
export const GROUP_ID_SHAPE = /^\d+(-\d+)?@g\.us$/u;

/** A person's id (phone number or LID, with an optional device) inside free text. */
const PERSON_ID = /\b(\d{6,})(?::\d+)?@(s\.whatsapp\.net|c\.us|lid)\b/gu;

/**
 * Text with the digits of every person's id rewritten by `digits` (device dropped, server kept);
 * group ids stay as they are. Alerts mask people's numbers with it before they leave the process.
 */
export function rewritePersonIds(text: string, digits: (value: string) => string): string {
  return text.replace(PERSON_ID, (_, value: string, server: string) => `${digits(value)}@${server}`);
}
