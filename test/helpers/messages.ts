import type { DocumentMessage, IncomingMessage, OutgoingMessage } from '../../src/transports/transport.js';

/**
 * Small builders for incoming messages (Baileys-test style): the fixture admin in the fixture
 * group unless told otherwise, so each test states only what matters to it.
 */
export const ADMIN_PHONE = '51987654321';
/** A phone that is never an admin in the harness defaults. */
export const MEMBER_PHONE = '51911222333';
export const GROUP_ID = '120363000000000001@g.us';
export const GROUP_NAME = 'Despacho Lima';

/** Fixture groups of the sandbox's messaging host, id → subject. */
export const FIXTURE_GROUPS: Readonly<Record<string, string>> = {
  '120363000000000001@g.us': 'Despacho Lima',
  '120363000000000002@g.us': 'Contabilidad',
  '120363000000000003@g.us': 'Recursos Humanos',
};

let counter = 0;

/** `51987654321` → `51987654321@s.whatsapp.net`; full ids are kept. */
export function jid(phoneOrId: string): string {
  return phoneOrId.includes('@') ? phoneOrId : `${phoneOrId.replace(/\D/g, '')}@s.whatsapp.net`;
}

/** A group message from the fixture admin in "Despacho Lima". */
export function groupMessage(text: string, overrides: Partial<IncomingMessage> = {}): IncomingMessage {
  counter += 1;
  const chatId = overrides.chatId ?? GROUP_ID;
  const message: IncomingMessage = {
    id: `msg-${counter}`,
    chatId,
    isGroup: true,
    senderIds: [jid(ADMIN_PHONE)],
    text,
    timestamp: Date.now(),
    ...overrides,
  };
  const name = FIXTURE_GROUPS[chatId];
  if (name !== undefined && !('chatName' in overrides)) {
    message.chatName = name;
  }
  return message;
}

/** A direct-chat message; the chat id is the sender's own id. */
export function directMessage(text: string, overrides: Partial<IncomingMessage> = {}): IncomingMessage {
  counter += 1;
  const senderIds = overrides.senderIds ?? [jid(ADMIN_PHONE)];
  return {
    id: `msg-${counter}`,
    chatId: senderIds[0] ?? jid(ADMIN_PHONE),
    isGroup: false,
    senderIds,
    text,
    timestamp: Date.now(),
    ...overrides,
  };
}

/** The text replies among `replies`, joined with newlines (documents left out). */
export function textOf(replies: readonly OutgoingMessage[]): string {
  return replies.flatMap((reply) => (reply.kind === 'text' ? [reply.text] : [])).join('\n');
}

/** The document replies among `replies`. */
export function documentsOf(replies: readonly OutgoingMessage[]): DocumentMessage[] {
  return replies.filter((reply): reply is DocumentMessage => reply.kind === 'document');
}
