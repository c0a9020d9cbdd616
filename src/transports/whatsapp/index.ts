/*
 * The WhatsApp adapter's public surface: the only module outside src/transports/whatsapp/ may
 * import. connection/ (socket, auth, reconnect policy, groups) sits below inbound/ (receiving) and
 * outbound/ (sending, delivery); transport.ts and setup.ts put the three together.
 */

export { createWhatsAppSetup, type WhatsAppSetup, type WhatsAppSetupOptions } from './setup.js';
export type { WhatsAppStatus } from './connection/types.js';
export type { PolicyOptions, StopReason } from './connection/policy.js';
export type { SocketConfig, SocketFactory, SocketLike } from './connection/socket.js';
