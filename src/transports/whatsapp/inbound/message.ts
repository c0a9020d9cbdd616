import {
  BufferJSON,
  type GroupMetadata,
  type GroupParticipant,
  isHostedLidUser,
  isHostedPnUser,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  normalizeMessageContent,
  proto,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { createHash } from 'node:crypto';
import { normalizeId } from '../../ids.js';
import type { IncomingMessage } from '../../transport.js';

/**
 * Pure mapping from Baileys' WAMessage to Chasqui's IncomingMessage (or the reason it is
 * skipped). No socket, no store: the transport adds what needs I/O (LID mapping, group cache).
 */

type SkipReason =
  'no-key' | 'status-broadcast' | 'broadcast' | 'newsletter' | 'from-me' | 'stub' | 'too-old' | 'no-text';

export interface ParsedMessage {
  /** The message id; for an edit, the id of the message it edits (so replies quote that one). */
  id: string;
  /** Id of the edited message, when this is an edit. */
  editOf?: string;
  /**
   * Id the dedupe claims: the message id, or for an edit `edit:<original>:<text hash>`, so the
   * same edit reported twice (the upsert AND the messages.update Baileys both emit) runs once.
   */
  dedupId: string;
  chatId: string;
  isGroup: boolean;
  /** Sender ids carried by the message itself (participant + participantAlt, or the chat pair). */
  senderIds: string[];
  /** Dedupe key parts: the LID form when the message carries one, so both addressings agree. */
  dedupChat: string;
  dedupParticipant: string;
  text: string;
  mentionedIds: string[];
  /** Milliseconds since the epoch. */
  timestamp: number;
  pushName?: string;
}

export type ParseResult = { ok: true; message: ParsedMessage } | { ok: false; reason: SkipReason };

export interface ParseOptions {
  nowMs: number;
  /** Older messages (e.g. a long-offline `append` batch) are not answered. */
  maxAgeSeconds: number;
}

function isLid(jid: string): boolean {
  return Boolean(isLidUser(jid) || isHostedLidUser(jid));
}

function isPn(jid: string): boolean {
  return Boolean(isPnUser(jid) || isHostedPnUser(jid));
}

/** Unique, normalised, phone-number forms first, then LIDs, then anything else. */
export function orderSenderIds(ids: readonly (string | null | undefined)[]): string[] {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)).map(normalizeId))];
  const rank = (id: string): number => (isPn(id) ? 0 : isLid(id) ? 1 : 2);
  return unique.sort((a, b) => rank(a) - rank(b));
}

function toSeconds(timestamp: WAMessage['messageTimestamp']): number | undefined {
  if (timestamp === null || timestamp === undefined) return undefined;
  const seconds = typeof timestamp === 'number' ? timestamp : Number(timestamp.toString());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

function toMillis(timestamp: WAMessage['messageTimestamp']): number | undefined {
  const seconds = toSeconds(timestamp);
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * A received message as stored with its pending claim, to re-handle it after a crash (BufferJSON
 * keeps binary fields). The key is copied as a plain object: v7 adds fields (participantAlt,
 * remoteJidAlt, addressingMode) that a protobuf round trip would drop; a Long timestamp becomes
 * a number.
 */
export function serializeIncoming(msg: WAMessage): string {
  const copy = { ...msg, key: { ...msg.key }, messageTimestamp: toSeconds(msg.messageTimestamp) };
  return JSON.stringify(copy, BufferJSON.replacer);
}

/** The message `serializeIncoming` stored (content rebuilt as a proto Message), or undefined. */
export function deserializeIncoming(text: string): WAMessage | undefined {
  try {
    const parsed = JSON.parse(text, BufferJSON.reviver) as Omit<WAMessage, 'message'> & {
      message?: Record<string, unknown> | null;
    };
    if (typeof parsed !== 'object' || parsed === null || !parsed.key) return undefined;
    const { message, ...rest } = parsed;
    return message ? { ...rest, message: proto.Message.fromObject(message) } : rest;
  } catch {
    return undefined;
  }
}

/** Text of a message: plain, extended, or the caption of an image, video or document. */
export function messageText(content: proto.IMessage | null | undefined): string {
  const m = normalizeMessageContent(content);
  return (
    m?.conversation ??
    m?.extendedTextMessage?.text ??
    m?.imageMessage?.caption ??
    m?.videoMessage?.caption ??
    m?.documentMessage?.caption ??
    ''
  );
}

/** Content a person wrote or sent (not a protocol message, key distribution or context only). */
function isUserContent(content: proto.IMessage | null | undefined): boolean {
  const m = normalizeMessageContent(content);
  if (!m) return false;
  return Object.entries(m).some(
    ([field, value]) => value != null && !NOT_USER_CONTENT.has(field) && typeof value === 'object',
  );
}

const NOT_USER_CONTENT = new Set(['protocolMessage', 'senderKeyDistributionMessage', 'messageContextInfo']);

function mentioned(content: proto.IMessage | null | undefined): string[] {
  const m = normalizeMessageContent(content);
  const context =
    m?.extendedTextMessage?.contextInfo ??
    m?.imageMessage?.contextInfo ??
    m?.videoMessage?.contextInfo ??
    m?.documentMessage?.contextInfo;
  return (context?.mentionedJid ?? []).filter(Boolean);
}

function preferLid(ids: readonly (string | null | undefined)[]): string {
  const present = ids.filter((id): id is string => Boolean(id)).map(normalizeId);
  return present.find(isLid) ?? present[0] ?? '';
}

/** Classifies one upserted message: skip (with the reason) or the fields the bot needs. */
export function parseWAMessage(msg: WAMessage, options: ParseOptions): ParseResult {
  const key = msg.key;
  const chatId = key?.remoteJid;
  if (!key || !chatId || !key.id) return { ok: false, reason: 'no-key' };
  if (isJidStatusBroadcast(chatId)) return { ok: false, reason: 'status-broadcast' };
  if (isJidBroadcast(chatId)) return { ok: false, reason: 'broadcast' };
  if (isJidNewsletter(chatId)) return { ok: false, reason: 'newsletter' };
  if (key.fromMe) return { ok: false, reason: 'from-me' };
  if (!msg.message || msg.messageStubType) return { ok: false, reason: 'stub' };
  const timestamp = toMillis(msg.messageTimestamp) ?? options.nowMs;
  if (options.nowMs - timestamp > options.maxAgeSeconds * 1000) return { ok: false, reason: 'too-old' };
  // Edits: a MESSAGE_EDIT protocolMessage, plain or inside the `editedMessage` wrapper newer
  // clients use (normalizeMessageContent unwraps it); the new content is `editedMessage`.
  const protocol = normalizeMessageContent(msg.message)?.protocolMessage;
  const edit =
    protocol?.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT &&
    protocol.key?.id &&
    protocol.editedMessage
      ? { originalId: protocol.key.id, content: protocol.editedMessage }
      : undefined;
  const text = messageText(edit ? edit.content : msg.message).trim();
  const isGroup = Boolean(isJidGroup(chatId));
  // In a direct chat a sticker, voice note or photo without caption still passes (with no text):
  // it is how a driver may first write to the bot, and it makes the chat reachable (issue 12).
  if (!text && (isGroup || edit || !isUserContent(msg.message))) return { ok: false, reason: 'no-text' };

  const carried = isGroup ? [key.participant, key.participantAlt] : [chatId, key.remoteJidAlt];
  const textHash = edit ? createHash('sha256').update(text).digest('hex').slice(0, 16) : '';
  const parsed: ParsedMessage = {
    id: edit ? edit.originalId : key.id,
    dedupId: edit ? `edit:${edit.originalId}:${textHash}` : key.id,
    chatId,
    isGroup,
    senderIds: orderSenderIds(carried),
    dedupChat: isGroup ? chatId : preferLid([chatId, key.remoteJidAlt]),
    dedupParticipant: isGroup ? preferLid(carried) : '',
    text,
    mentionedIds: mentioned(edit ? edit.content : msg.message),
    timestamp,
  };
  if (edit) parsed.editOf = edit.originalId;
  if (msg.pushName) parsed.pushName = msg.pushName;
  return { ok: true, message: parsed };
}

function participantIds(p: GroupParticipant): string[] {
  return [p.id, p.lid, p.phoneNumber].filter((id): id is string => Boolean(id)).map(normalizeId);
}

/** The group participant that is this sender (matched on any of its LID / PN forms). */
export function findParticipant(
  group: GroupMetadata,
  senderIds: readonly string[],
): GroupParticipant | undefined {
  const wanted = new Set(senderIds.map(normalizeId));
  return group.participants.find((p) => participantIds(p).some((id) => wanted.has(id)));
}

/** Sender ids completed with the other forms the group metadata knows for that participant. */
export function senderIdsFromGroup(group: GroupMetadata | undefined, senderIds: readonly string[]): string[] {
  const participant = group ? findParticipant(group, senderIds) : undefined;
  return orderSenderIds([...senderIds, ...(participant ? participantIds(participant) : [])]);
}

/** Builds the platform-neutral message once sender ids are resolved. */
export function toIncomingMessage(
  parsed: ParsedMessage,
  senderIds: readonly string[],
  group?: GroupMetadata,
): IncomingMessage {
  const message: IncomingMessage = {
    id: parsed.id,
    chatId: parsed.chatId,
    isGroup: parsed.isGroup,
    senderIds: orderSenderIds(senderIds),
    text: parsed.text,
    mentionedIds: parsed.mentionedIds,
    timestamp: parsed.timestamp,
  };
  if (parsed.pushName) message.senderName = parsed.pushName;
  if (parsed.editOf) message.editOf = parsed.editOf;
  if (group) {
    message.chatName = group.subject;
    const participant = findParticipant(group, senderIds);
    message.senderIsGroupAdmin = Boolean(participant?.admin);
  }
  return message;
}

/** Ids to ask the LID mapping for: the PN when only a LID is known, and vice versa. */
export function missingCounterparts(senderIds: readonly string[]): {
  lidsWithoutPn: string[];
  pnsWithoutLid: string[];
} {
  const hasPn = senderIds.some(isPn);
  const hasLid = senderIds.some(isLid);
  return {
    lidsWithoutPn: hasPn ? [] : senderIds.filter(isLid),
    pnsWithoutLid: hasLid ? [] : senderIds.filter(isPn),
  };
}
