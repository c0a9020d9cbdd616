import { forwardExtras, type OutgoingMessage, type Transport } from './transport.js';

/**
 * Wraps the WhatsApp transport when lookups come from the embedded sandbox: every outgoing text
 * and document caption (replies, scheduled posts, driver messages, owner notices) ends with the
 * fictional-data mark, so fictional data can never pass for real in a group. Tracked sends (guides
 * to drivers) are stamped too.
 */
export function withSandboxMark(transport: Transport, mark: string): Transport {
  const stamp = (message: OutgoingMessage): OutgoingMessage =>
    message.kind === 'text'
      ? { ...message, text: `${message.text}\n\n${mark}` }
      : { ...message, caption: message.caption ? `${message.caption}\n\n${mark}` : mark };
  return {
    name: transport.name,
    selfIds: () => transport.selfIds(),
    start: (handler) => transport.start(handler),
    send: (chatId, message) => transport.send(chatId, stamp(message)),
    stop: () => transport.stop(),
    ...forwardExtras(transport, { outgoing: stamp }),
  };
}
