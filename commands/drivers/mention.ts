import type { PeoplePort } from '../../src/bot/ports.js';
import { isLid, phoneOf, writtenMentions } from '../../src/transports/ids.js';
import type { IncomingMessage } from '../../src/transports/transport.js';

/**
 * The person a `chofer <dni> @Fulano` message names (issue 21: a driver may come with a LID and no
 * phone). A mention is the platform's, like an attachment: the id in `mentionedIds` whose digits
 * the text writes after `@`; the bot's own mention is never the driver.
 */
export type MentionedDriver =
  | { kind: 'none' }
  /** WhatsApp pairs the person with a number: registered by it, as `chofer <dni> <número>`. */
  | { kind: 'phone'; phone: string; lid?: string }
  /** No number known: registered by LID. */
  | { kind: 'lid'; lid: string }
  /** Not a member of the chat's group, or `@<digits>` typed with no mention behind it. */
  | { kind: 'unknown' }
  | { kind: 'several' };

export function mentionedDriver(
  message: Pick<IncomingMessage, 'chatId' | 'text' | 'mentionedIds'>,
  people: PeoplePort | undefined,
): MentionedDriver {
  const written = writtenMentions(message.text, message.mentionedIds ?? []);
  const ids = written.ids.filter((id) => people?.isSelf(id) !== true);
  const typed = written.unmatched.filter((digits) => people?.isSelf(digits) !== true);
  if (ids.length + typed.length === 0) return { kind: 'none' };
  if (ids.length + typed.length > 1) return { kind: 'several' };
  const id = ids[0];
  // Someone the group does not hold (or digits typed by hand) could be anyone's number.
  if (id === undefined || people?.isMember(message.chatId, id) === false) return { kind: 'unknown' };
  const forms = people?.ids(id) ?? [id];
  const phone = forms.map(phoneOf).find((digits) => digits !== undefined);
  const lid = forms.find(isLid);
  if (phone !== undefined)
    return lid === undefined ? { kind: 'phone', phone } : { kind: 'phone', phone, lid };
  return lid === undefined ? { kind: 'unknown' } : { kind: 'lid', lid };
}
