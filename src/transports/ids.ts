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

/**
 * The direct chat with a person: a phone number (digits with country code) becomes its chat; an
 * id (an owner configured by LID, `…@lid`) is its own chat, normalised.
 */
export function directChat(phone: string): string {
  return phone.includes('@') ? normalizeId(phone) : `${phone}${PHONE_SERVER}`;
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

/**
 * A person's id from what a config file, a command or a platform gives: phone digits (with
 * country code, `+` and spaces allowed) become its phone-number id; a phone-number id or a LID
 * (`…@lid`) is normalised (device dropped). undefined for a group, a system id or plain text.
 */
export function personId(value: string): string | undefined {
  const text = value.trim();
  if (!text.includes('@')) {
    const digits = text.replace(/[\s+()-]/gu, '');
    return /^\d{6,20}$/u.test(digits) ? `${digits}${PHONE_SERVER}` : undefined;
  }
  const id = normalizeId(text);
  return (isPhoneId(id) || isLid(id)) && idDigits(id).length > 0 ? id : undefined;
}

/**
 * THE rule for "is this sender one of these people": true when any of `senderIds` is one of
 * `people` (ids, or phone digits as configured), comparing whole normalised ids, so a device
 * suffix or the legacy server does not matter and a LID never matches a phone number that
 * happens to have the same digits. Admin lists, owners, the bot's own ids and drivers use it.
 */
export function isAnyOf(senderIds: readonly string[], people: readonly string[]): boolean {
  if (people.length === 0 || senderIds.length === 0) return false;
  const wanted = new Set<string>();
  for (const person of people) {
    const id = personId(person);
    if (id !== undefined) wanted.add(id);
  }
  return senderIds.some((sender) => {
    const id = personId(sender);
    return id !== undefined && wanted.has(id);
  });
}

/**
 * A LID as a person may write it in a config file (`123456789012345@lid`, a device suffix
 * allowed), normalised; undefined for anything else.
 */
export function lidEntry(value: string): string | undefined {
  const id = personId(value);
  return id !== undefined && isLid(id) ? id : undefined;
}

/** A made-up LID for messages that show the shape (`123456789012345@lid`). */
export const LID_EXAMPLE = `123456789012345${LID_SERVER}`;

/** The user part of an id without its device (`51987654321:3@s.whatsapp.net` → `51987654321`). */
export function idUser(id: string): string {
  const at = id.indexOf('@');
  const user = at < 0 ? id : id.slice(0, at);
  const end = user.search(/[:_]/u);
  return end < 0 ? user : user.slice(0, end);
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
