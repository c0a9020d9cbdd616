import type { SocketLike } from './socket.js';
import type { WhatsAppStatus } from './types.js';

/**
 * Asks WhatsApp for an 8-character pairing code for `phone` (digits with country code) on a socket
 * waiting for pairing, and reports the code, or the failure, as a status before resolving/rejecting.
 * Used for `CHASQUI_PAIR_PHONE` on the first QR and for the console's pairing form.
 */
export async function askPairingCode(
  sock: SocketLike,
  phone: string,
  emit: (status: WhatsAppStatus) => void,
): Promise<string> {
  try {
    const code = await sock.requestPairingCode(phone);
    emit({ kind: 'pairing-code', code, phone });
    return code;
  } catch (error) {
    emit({ kind: 'pairing-code-failed', error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
