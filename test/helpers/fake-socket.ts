import { Boom } from '@hapi/boom';
import { EventEmitter } from 'node:events';
import {
  type AnyMessageContent,
  type AuthenticationCreds,
  type BinaryNode,
  type Contact,
  type GroupMetadata,
  type MiscMessageGenerationOptions,
  makeEventBuffer,
  type NewChatMessageCapInfo,
  type proto,
  type ReachoutTimelockState,
  type WAMessage,
} from '@whiskeysockets/baileys';
import pino from 'pino';
import type { WhatsappConfig } from '../../src/config.js';
import { openDatabase, type SqliteDatabase } from '../../src/app/database.js';
import {
  createWhatsAppSetup,
  type PolicyOptions,
  type SocketConfig,
  type SocketLike,
  type WhatsAppSetup,
  type WhatsAppSetupOptions,
  type WhatsAppStatus,
} from '../../src/transports/whatsapp/index.js';
import type { IncomingMessage } from '../../src/transports/transport.js';

/**
 * A faithful stand-in for a Baileys v7 socket: Baileys' own event buffer as `ev` (destroyed on
 * close like the real one), `sendMessage` that throws 428 unless open, and drivers for the
 * server side (QR, open, close with a code, upserts). The transport runs its production code on it.
 */

export const BOT_PN = '51900000001@s.whatsapp.net';
export const BOT_LID = '99900000001@lid';

export interface SentRecord {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions | undefined;
  /** performance.now() when sendMessage was called. */
  at: number;
  socket: number;
  /**
   * Group sends: the devices given the group's sender key with this message, as rc14's
   * `relayMessage` picks them (members missing from the group's `sender-key-memory`).
   */
  senderKeyTo?: string[];
}

/** What all fake sockets of one "WhatsApp server" share: sent messages, LID pairs, groups. */
export class FakeWhatsApp {
  readonly sent: SentRecord[] = [];
  /** lid → pn, both full JIDs. */
  readonly lidToPn = new Map<string, string>();
  groups: Record<string, GroupMetadata> = {};
  /** Called for every send before it is recorded; may delay or throw. */
  beforeSend: ((jid: string, content: AnyMessageContent) => Promise<void> | void) | undefined;
  /** Called after a send reached the server, before the socket answers; may hang (crash tests). */
  afterSend: ((jid: string, content: AnyMessageContent) => Promise<void> | void) | undefined;
  /** Phone numbers (digits) WhatsApp says have no account (`onWhatsApp`); every other number has one. */
  readonly missing = new Set<string>();
  /** What `fetchAccountReachoutTimelock` answers (rc14 also emits it as `connection.update`). */
  restriction: ReachoutTimelockState = { isActive: false };
  /** What `fetchNewChatMessageCap` answers. */
  newChatCap: NewChatMessageCapInfo = {};
  /** Questions the sockets asked about the account (`reachout`, `cap`). */
  readonly asked: string[] = [];
  /** Extra linked devices per member id (a member's own id is its main device). */
  readonly devices = new Map<string, string[]>();
  /** Presence updates sent, in order (`composing` / `paused`). */
  readonly presences: { type: string; jid: string | undefined }[] = [];

  /** Sends grouped by message id (a re-send under the same id is the same message for recipients). */
  deliveredIds(): Set<string> {
    return new Set(this.sent.map((s) => s.options?.messageId ?? ''));
  }
}

const silent = pino({ level: 'silent' });

export class FakeSocket implements SocketLike {
  readonly ev = makeEventBuffer(silent);
  readonly authState: { creds: AuthenticationCreds };
  readonly pairingRequests: string[] = [];
  user: Contact | undefined;
  /** The raw stanza emitter (server acks as `CB:ack,class:message`). */
  readonly ws = new EventEmitter();
  isOpen = false;
  ended = false;
  readonly signalRepository: SocketLike['signalRepository'];

  constructor(
    readonly config: SocketConfig,
    readonly server: FakeWhatsApp,
    readonly index: number,
  ) {
    this.authState = { creds: config.auth.creds };
    this.signalRepository = {
      lidMapping: {
        getPNForLID: async (lid) => server.lidToPn.get(lid) ?? null,
        getLIDForPN: async (pn) => [...server.lidToPn].find(([, p]) => p === pn)?.[0] ?? null,
        storeLIDPNMappings: async (pairs) => {
          for (const { lid, pn } of pairs) server.lidToPn.set(lid, pn);
        },
      },
    };
  }

  sendMessage = async (
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined> => {
    if (!this.isOpen) throw new Boom('Connection Closed', { statusCode: 428 });
    await this.server.beforeSend?.(jid, content);
    if (!this.isOpen) throw new Boom('Connection Closed', { statusCode: 428 });
    const senderKeyTo = jid.endsWith('@g.us') ? await this.distributeSenderKey(jid) : undefined;
    this.server.sent.push({
      jid,
      content,
      options,
      at: performance.now(),
      socket: this.index,
      ...(senderKeyTo ? { senderKeyTo } : {}),
    });
    await this.server.afterSend?.(jid, content);
    const text = 'text' in content ? content.text : undefined;
    return {
      key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? `FAKE${this.server.sent.length}` },
      message:
        text !== undefined ? { extendedTextMessage: { text } } : { documentMessage: { fileName: 'x' } },
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
  };

  onWhatsApp = async (...jids: string[]): Promise<{ jid: string; exists: boolean }[]> => {
    if (!this.isOpen) throw new Boom('Connection Closed', { statusCode: 428 });
    return jids
      .map((jid) => jid.split('@')[0]?.replace(/\D/g, '') ?? '')
      .filter((digits) => !this.server.missing.has(digits))
      .map((digits) => ({ jid: `${digits}@s.whatsapp.net`, exists: true }));
  };

  /** Like rc14: asks, emits `connection.update { reachoutTimeLock }`, returns the state. */
  fetchAccountReachoutTimelock = async (): Promise<ReachoutTimelockState> => {
    this.server.asked.push('reachout');
    const state = { ...this.server.restriction };
    this.ev.emit('connection.update', { reachoutTimeLock: state });
    return state;
  };

  fetchNewChatMessageCap = async (): Promise<NewChatMessageCapInfo> => {
    this.server.asked.push('cap');
    return { ...this.server.newChatCap };
  };

  /**
   * rc14's `relayMessage` for a group: the sender key goes to every member device missing from the
   * group's `sender-key-memory` entry, which is then written with them (and never cleared).
   */
  private async distributeSenderKey(jid: string): Promise<string[]> {
    const keys = this.config.auth.keys;
    const memory = (await keys.get('sender-key-memory', [jid]))[jid] ?? {};
    const members = this.server.groups[jid]?.participants.map((p) => p.id) ?? [];
    const devices = members.flatMap((id) => [id, ...(this.server.devices.get(id) ?? [])]);
    const missing = devices.filter((device) => !memory[device]);
    for (const device of missing) memory[device] = true;
    await keys.set({ 'sender-key-memory': { [jid]: memory } });
    return missing;
  }

  sendPresenceUpdate = async (type: string, jid?: string): Promise<void> => {
    if (!this.isOpen) throw new Boom('Connection Closed', { statusCode: 428 });
    this.server.presences.push({ type, jid });
  };

  groupFetchAllParticipating = async (): Promise<Record<string, GroupMetadata>> => ({
    ...this.server.groups,
  });

  groupMetadata = async (jid: string): Promise<GroupMetadata> => {
    const meta = this.server.groups[jid];
    if (!meta) throw new Boom('item-not-found', { statusCode: 404 });
    return meta;
  };

  requestPairingCode = async (phone: string): Promise<string> => {
    this.pairingRequests.push(phone);
    // Like Baileys: a provisional `me` is written before the phone confirms.
    this.authState.creds.me = { id: `${phone}@s.whatsapp.net`, name: '~' };
    this.ev.emit('creds.update', { me: this.authState.creds.me });
    return 'ABCD1234';
  };

  end = async (error: Error | undefined): Promise<void> => {
    this.closeWith(error);
  };

  // ---- server-side drivers ----

  emitQr(qr = `2@fake-ref-${this.index},noise,identity,adv`): void {
    this.ev.emit('connection.update', { qr });
  }

  /** Pair-success as Baileys reports it: creds with `me` + `account`, then the 515 close. */
  pairAndRestart(): void {
    this.ev.emit('creds.update', {
      me: { id: '51900000001:7@s.whatsapp.net', name: 'Chasqui', lid: '99900000001:7@lid' },
      account: { details: Buffer.from([1, 2, 3]), accountSignatureKey: Buffer.from([4]) },
      platform: 'smba',
    });
    this.ev.emit('connection.update', { isNewLogin: true });
    this.close(515);
  }

  open(): void {
    this.isOpen = true;
    this.user = { id: '51900000001:7@s.whatsapp.net', lid: '99900000001:7@lid', name: 'Chasqui' };
    this.ev.emit('connection.update', { connection: 'open' });
  }

  close(statusCode?: number): void {
    this.closeWith(statusCode === undefined ? undefined : new Boom('closed', { statusCode }));
  }

  upsert(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.ev.emit('messages.upsert', { messages, type });
  }

  /** The server's plain ack of a message we sent (Baileys drops these; the transport listens). */
  serverAck(id: string, from: string): void {
    const node: BinaryNode = {
      tag: 'ack',
      attrs: { class: 'message', id, from, t: String(Math.floor(Date.now() / 1000)) },
    };
    this.ws.emit('CB:ack,class:message', node);
  }

  /** A 1:1 receipt or error ack, exactly as Baileys emits it (`status` is a WAMessageStatus). */
  statusUpdate(id: string, remoteJid: string, status: number, stubParameters?: string[]): void {
    const update: { status: number; messageStubParameters?: string[] } = { status };
    if (stubParameters) update.messageStubParameters = stubParameters;
    this.ev.emit('messages.update', [{ key: { remoteJid, fromMe: true, id }, update }]);
  }

  /** WhatsApp sets or lifts the reach-out time lock (a mex notification, as rc14 emits it). */
  reachoutTimeLock(state: ReachoutTimelockState): void {
    this.server.restriction = { ...state };
    this.ev.emit('connection.update', { reachoutTimeLock: state });
  }

  /** WhatsApp reports the new-chat cap (`message-capping.update`). */
  messageCapping(info: NewChatMessageCapInfo): void {
    this.server.newChatCap = { ...info };
    this.ev.emit('message-capping.update', info);
  }

  /** A member's device asks for one of our messages again (`<receipt type="retry">`). */
  retryReceipt(id: string, chat: string, participant: string): void {
    const node: BinaryNode = {
      tag: 'receipt',
      attrs: { id, from: chat, participant, type: 'retry', t: String(Math.floor(Date.now() / 1000)) },
      content: [{ tag: 'retry', attrs: { count: '1', id, t: '0', v: '1' } }],
    };
    this.ws.emit('CB:receipt,type:retry', node);
  }

  /** A member's device list changed (`<notification type="devices">`). */
  devicesChanged(from: string): void {
    const node: BinaryNode = {
      tag: 'notification',
      attrs: { from, type: 'devices', id: `dev-${Date.now()}` },
      content: [
        {
          tag: 'add',
          attrs: {},
          content: [{ tag: 'device', attrs: { jid: `${from.split('@')[0]}:3@${from.split('@')[1]}` } }],
        },
      ],
    };
    this.ws.emit('CB:notification,type:devices', node);
  }

  /** A member's identity key changed (`<notification type="encrypt"><identity/>`). */
  identityChanged(from: string): void {
    const node: BinaryNode = {
      tag: 'notification',
      attrs: { from, type: 'encrypt', id: `enc-${Date.now()}` },
      content: [{ tag: 'identity', attrs: {} }],
    };
    this.ws.emit('CB:notification,type:encrypt', node);
  }

  /** A group receipt from one participant (`message-receipt.update`, seconds). */
  groupReceipt(id: string, groupJid: string, userJid: string, kind: 'receipt' | 'read'): void {
    const t = Math.floor(Date.now() / 1000);
    const receipt = kind === 'receipt' ? { userJid, receiptTimestamp: t } : { userJid, readTimestamp: t };
    this.ev.emit('message-receipt.update', [
      { key: { remoteJid: groupJid, fromMe: true, id, participant: userJid }, receipt },
    ]);
  }

  private closeWith(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.isOpen = false;
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    this.ev.removeAllListeners('connection.update');
    this.ev.destroy();
  }
}

/** A socket factory for the transport plus access to every socket it made. */
export function fakeSocketFactory(server = new FakeWhatsApp()) {
  const sockets: FakeSocket[] = [];
  const factory = (config: SocketConfig): FakeSocket => {
    const socket = new FakeSocket(config, server, sockets.length);
    sockets.push(socket);
    return socket;
  };
  return {
    factory,
    server,
    sockets,
    latest(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket created yet');
      return socket;
    },
  };
}

let seq = 0;

export interface WaMessageOptions {
  id?: string;
  chat?: string;
  participant?: string;
  participantAlt?: string;
  fromMe?: boolean;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  mentions?: string[];
  pushName?: string;
}

/** A v7-shaped group text message (participant often `@lid`, the PN in participantAlt). */
export function waText(text: string, options: WaMessageOptions = {}): WAMessage {
  seq += 1;
  const chat = options.chat ?? '120363000000000001@g.us';
  const key: WAMessage['key'] = {
    remoteJid: chat,
    fromMe: options.fromMe ?? false,
    id: options.id ?? `3EB0TEST${String(seq).padStart(8, '0')}`,
  };
  if (options.participant) key.participant = options.participant;
  if (options.participantAlt) key.participantAlt = options.participantAlt;
  return {
    key,
    message: options.mentions
      ? { extendedTextMessage: { text, contextInfo: { mentionedJid: options.mentions } } }
      : { conversation: text },
    messageTimestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    pushName: options.pushName ?? 'Rosa',
  };
}

/** Polls until `check` is true (the transport reacts to events asynchronously). */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const TEST_WHATSAPP: WhatsappConfig = {
  maxMessageAgeSeconds: 600,
  outbox: { minDelayMs: 0, maxDelayMs: 0, perChatGapMs: 0 },
  shutdownFlushMs: 1000,
};

/** Fast reconnects for tests (the production table keeps its shape, only the scale shrinks). */
export const TEST_POLICY: Partial<PolicyOptions> = {
  baseDelayMs: 5,
  maxDelayMs: 40,
  replacedDelayMs: 10,
  maxReplaced: 2,
};

export interface TestTransport extends WhatsAppSetup {
  db: SqliteDatabase;
  fake: ReturnType<typeof fakeSocketFactory>;
  statuses: WhatsAppStatus[];
  received: IncomingMessage[];
  /** Stops the transport and closes the database (a clean process exit). */
  close(): Promise<void>;
}

/** The production transport wiring on `dir`, with fake sockets and a recording handler. */
export async function startTestTransport(options: {
  dir: string;
  server?: FakeWhatsApp;
  whatsapp?: Partial<WhatsappConfig>;
  policy?: Partial<PolicyOptions>;
  /** Outbox options beyond the config (e.g. a recording `now`). */
  outboxOptions?: WhatsAppSetupOptions['outboxOptions'];
  handler?: (message: IncomingMessage, transport: TestTransport) => Promise<void>;
}): Promise<TestTransport> {
  const db = openDatabase({ dir: options.dir });
  const fake = fakeSocketFactory(options.server);
  const statuses: WhatsAppStatus[] = [];
  const received: IncomingMessage[] = [];
  const setup = createWhatsAppSetup({
    db,
    logger: silent,
    whatsapp: { ...TEST_WHATSAPP, ...options.whatsapp },
    createSocket: fake.factory,
    onStatus: (status) => statuses.push(status),
    policy: { ...TEST_POLICY, ...options.policy },
    ...(options.outboxOptions ? { outboxOptions: options.outboxOptions } : {}),
  });
  const test: TestTransport = {
    ...setup,
    db,
    fake,
    statuses,
    received,
    async close() {
      await setup.transport.stop();
      db.close();
    },
  };
  await setup.transport.start(async (message) => {
    received.push(message);
    await options.handler?.(message, test);
  });
  return test;
}

/** A message quoting a message quoting … `depth` times, the innermost holding `bottom` (issue 19). */
export function quoteChain(depth: number, bottom = 'fondo'): proto.IMessage {
  let message: proto.IMessage = { conversation: bottom };
  for (let i = 0; i < depth; i++) {
    message = {
      extendedTextMessage: {
        text: `respuesta ${i}`,
        contextInfo: { stanzaId: `Q${i}`, quotedMessage: message },
      },
    };
  }
  return message;
}
