import type { LidPairsRepo } from '../../../store/lid-pairs.js';
import type { NewChatsRepo } from '../../../store/new-chats.js';
import { SendDeferredError, SendHeldError, SendRefusedError } from '../../../store/outbox.js';
import { addDays, limaDate, limaInstant } from '../../../time/lima.js';
import { isGroupChat, isLid, isPhoneId, personId, phoneOf } from '../../ids.js';
import type { NumberCheck } from '../../transport.js';
import type { AccountWatch } from './account.js';

/**
 * The rule for a first message to a new chat (a person who never wrote to the number and never
 * got a message from it), decided as the outbox is about to send it. Field reports on 2026's
 * WhatsApp (Baileys #2441, #2442, #2653, #2707, #2800): a restricted account gets 463 on every
 * chat it never wrote to successfully while established chats and groups keep working; 30–40
 * first messages a day can bring a 24-hour restriction; a send to a number that is not on WhatsApp
 * can restrict the whole account. So, for a new chat only, in this order:
 * 1. WhatsApp restricts new chats → held until the restriction ends (`restriction`);
 * 2. WhatsApp's own new-chat cap is used up → held until its cycle ends (`whatsapp-cap`);
 * 3. Chasqui's daily cap (`whatsapp.newChats.dailyCap`, counted in the store) is reached → held
 *    until the next Lima day (`daily-cap`);
 * 4. a phone number WhatsApp says does not exist → refused here, never sent (`no-whatsapp`); an
 *    unanswered question waits (deferred), it is never a guess.
 * Held rows stay pending in the outbox (not burnt) and go when the hold ends.
 */

export type HoldReason = 'restriction' | 'whatsapp-cap' | 'daily-cap';

/** The outbox refusal code of a number WhatsApp says has no account. */
export const NO_WHATSAPP = 'no-whatsapp';

/** A number WhatsApp said has no account is not asked again for this long. */
const MISSING_RECHECK_MS = 24 * 60 * 60_000;

export interface FirstContactOptions {
  chats: NewChatsRepo;
  pairs: LidPairsRepo;
  account: Pick<AccountWatch, 'restrictedUntil' | 'cappedUntil'>;
  /** First messages allowed per Lima day. */
  dailyCap: number;
  /** Asks WhatsApp whether a phone number (digits) has an account. */
  checkNumber: (phone: string) => Promise<NumberCheck>;
  now: () => number;
}

export class FirstContactGate {
  constructor(private readonly options: FirstContactOptions) {}

  /** The chats that are one person's (a phone-number or LID chat), with its other known form. */
  personChats(chatId: string): string[] | undefined {
    if (isGroupChat(chatId) || personId(chatId) === undefined) return undefined;
    return this.options.pairs.expand([chatId]);
  }

  /** Resolves when the message may go; throws SendHeldError / SendRefusedError / SendDeferredError. */
  async check(chatId: string): Promise<void> {
    const chats = this.personChats(chatId);
    if (!chats || this.options.chats.established(chats)) return;
    const now = this.options.now();
    const restricted = this.options.account.restrictedUntil(now);
    if (restricted !== undefined) throw new SendHeldError(restricted, 'restriction');
    const capped = this.options.account.cappedUntil(now);
    if (capped !== undefined) throw new SendHeldError(capped, 'whatsapp-cap');
    const counted = this.options.chats.firstSent(chats);
    if (!counted) {
      const today = limaDate(new Date(now));
      const used = this.options.chats.firstSentSince(limaInstant(today, 0, 0).getTime());
      if (used >= this.options.dailyCap) {
        throw new SendHeldError(limaInstant(addDays(today, 1), 0, 0).getTime(), 'daily-cap');
      }
    }
    if (isPhoneId(chatId) && !isLid(chatId)) await this.checkNumber(chatId, now);
    if (!counted) this.options.chats.recordFirstSend(chatId, now);
  }

  /** Before the first message to a phone number: does WhatsApp know it? */
  private async checkNumber(chatId: string, now: number): Promise<void> {
    const known = this.options.chats.numberCheck(chatId);
    if (known?.hasWhatsApp) return;
    if (known && now - known.checkedAt < MISSING_RECHECK_MS) throw new SendRefusedError(NO_WHATSAPP);
    const phone = phoneOf(chatId) ?? '';
    const answer = await this.options.checkNumber(phone);
    if (answer.status === 'unknown') {
      throw new SendDeferredError('WhatsApp did not say whether the number exists', { connectionOpen: true });
    }
    this.options.chats.recordNumberCheck(chatId, answer.status === 'exists', now);
    if (answer.status === 'missing') throw new SendRefusedError(NO_WHATSAPP);
    if (answer.lid) this.options.pairs.learn([{ lid: answer.lid, phone }], now);
  }
}
