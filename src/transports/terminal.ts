import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  DocumentTooLargeError,
  type IncomingDocument,
  type IncomingMessage,
  type MessageHandler,
  type OutgoingMessage,
  type Transport,
} from './transport.js';

/**
 * The terminal chat's transport: each stdin line is one message from the configured sender in the
 * configured chat; replies go to stdout (plain text or one JSON object per message), documents to
 * files. Lines are handled one after another so piped scripts get their replies in order. The
 * lines between two lines of `"""` are one message with line breaks (a pasted list).
 */
export interface TerminalTransportOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Where prompts go in interactive mode (stderr, so stdout stays clean). */
  prompt?: NodeJS.WritableStream;
  interactive?: boolean;
  json?: boolean;
  /** Documents are written here. */
  outDir: string;
  chatId: string;
  isGroup: boolean;
  chatName?: string;
  senderIds: string[];
  senderName?: string;
  senderIsGroupAdmin?: boolean;
  /** A file sent with the first line, which becomes its caption (`chasqui chat --attach FILE`). */
  attach?: string;
  /** Called with each message before it is handled (`chat --explain` prints its reading). */
  beforeHandle?: (message: IncomingMessage) => void;
}

/** A line of only this opens a block of lines sent as one message, and closes it (a paste). */
const BLOCK_MARK = '"""';

const MIMETYPES: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
};

/** A local file as an incoming attachment: read only when a command downloads it, size-capped. */
function fileDocument(filePath: string): IncomingDocument {
  const size = statSync(filePath).size;
  return {
    fileName: path.basename(filePath),
    mimetype: MIMETYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream',
    size,
    async download(maxBytes) {
      if (statSync(filePath).size > maxBytes) throw new DocumentTooLargeError(maxBytes);
      return new Uint8Array(readFileSync(filePath));
    },
  };
}

export interface TerminalTransport extends Transport {
  /** Resolves when the input ended and every message was handled and its replies printed. */
  finished(): Promise<void>;
}

/** A file name safe on any OS, kept recognisable. */
function safeFileName(name: string): string {
  const base = path.basename(name).replace(/[^\p{L}\p{N}._-]+/gu, '_');
  return base.replace(/^\.+/, '') || 'documento';
}

function formatText(chatId: string, message: OutgoingMessage, json: boolean, filePath?: string): string {
  if (message.kind === 'text') {
    return json ? JSON.stringify({ chat: chatId, text: message.text }) : `${message.text}\n`;
  }
  if (json) {
    const document: Record<string, unknown> = {
      fileName: message.fileName,
      mimetype: message.mimetype,
      bytes: message.bytes.byteLength,
      path: filePath,
    };
    if (message.caption) document.caption = message.caption;
    return JSON.stringify({ chat: chatId, document });
  }
  const caption = message.caption ? `${message.caption}\n` : '';
  return `${caption}[documento] ${message.fileName} (${message.mimetype}, ${message.bytes.byteLength} bytes) → ${filePath}\n`;
}

export function createTerminalTransport(options: TerminalTransportOptions): TerminalTransport {
  let counter = 0;
  let chain: Promise<void> = Promise.resolve();
  let resolveFinished: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    resolveFinished = resolve;
  });
  let readline: ReturnType<typeof createInterface> | undefined;
  let attachment = options.attach === undefined ? undefined : fileDocument(options.attach);

  function toMessage(text: string): IncomingMessage {
    counter += 1;
    const message: IncomingMessage = {
      id: `terminal-${Date.now().toString(36)}-${counter}`,
      chatId: options.chatId,
      isGroup: options.isGroup,
      senderIds: options.senderIds,
      text,
      timestamp: Date.now(),
    };
    if (options.chatName !== undefined) message.chatName = options.chatName;
    if (options.senderName !== undefined) message.senderName = options.senderName;
    if (options.senderIsGroupAdmin !== undefined) message.senderIsGroupAdmin = options.senderIsGroupAdmin;
    if (attachment) {
      message.document = attachment;
      attachment = undefined;
    }
    return message;
  }

  return {
    name: 'terminal',
    selfIds: () => [],
    async start(handler: MessageHandler) {
      readline = createInterface({
        input: options.input,
        output: options.interactive ? options.prompt : undefined,
        terminal: options.interactive ?? false,
      });
      const showPrompt = () => {
        if (options.interactive) readline?.prompt();
      };
      readline.setPrompt('tú> ');
      showPrompt();
      /** The lines of an open `"""` block, or undefined outside one. */
      let block: string[] | undefined;
      const submit = (text: string) => {
        const message = toMessage(text);
        chain = chain
          .then(() => {
            options.beforeHandle?.(message);
            return handler(message);
          })
          .then(showPrompt, showPrompt);
      };
      readline.on('line', (line) => {
        if (line.trim() === BLOCK_MARK) {
          const text = block?.join('\n');
          block = text === undefined ? [] : undefined;
          readline?.setPrompt(block ? '...> ' : 'tú> ');
          if (text?.trim()) submit(text);
          else showPrompt();
          return;
        }
        if (block) {
          block.push(line);
          showPrompt();
          return;
        }
        if (!line.trim()) {
          showPrompt();
          return;
        }
        submit(line);
      });
      readline.on('SIGINT', () => readline?.close());
      readline.on('close', () => {
        // An unclosed block at the end of the input is still sent.
        if (block?.join('').trim()) submit(block.join('\n'));
        block = undefined;
        void chain.then(resolveFinished);
      });
    },
    async send(chatId, message) {
      let filePath: string | undefined;
      if (message.kind === 'document') {
        mkdirSync(options.outDir, { recursive: true });
        filePath = path.resolve(options.outDir, safeFileName(message.fileName));
        writeFileSync(filePath, message.bytes);
      }
      const line = formatText(chatId, message, options.json ?? false, filePath);
      options.output.write(`${line}\n`);
    },
    async stop() {
      readline?.close();
    },
    finished: () => finished,
  };
}
