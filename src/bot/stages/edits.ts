import type { Reading } from '../../language/index.js';
import type { Stage } from './turn.js';

/**
 * Answered once per reading: an edit gets a new answer only when its command or argument changed
 * (and the same edit reported twice by WhatsApp runs once).
 */
export const edits: Stage = {
  name: 'edits',
  run(turn, deps) {
    const { message, reading } = turn;
    if (!reading) return undefined;
    const signature = reading.requests
      ? reading.requests.map(signatureOf).join('\u0001')
      : signatureOf(reading);
    const log = deps.services.edits;
    // A first message only records its parse for a later edit; an edit compares with it.
    if (!message.editOf) {
      log?.noteSignature(message.chatId, message.id, signature);
      return undefined;
    }
    const fresh = log?.claimSignature(message.chatId, message.id, signature) ?? true;
    if (!fresh) {
      return {
        outcome: 'ignored',
        reason: 'edit-unchanged',
        ...commandOf(reading),
        because: reading.because,
      };
    }
    return undefined;
  },
};

/** One request's part of a message's signature: its command (or word) and raw argument. */
function signatureOf(request: Reading): string {
  return `${request.command ?? request.word ?? ''}\u0000${request.rawArgs ?? ''}`;
}

/** The command a reading names, for results. */
export function commandOf(reading: { command?: string | undefined }): { command?: string } {
  return reading.command ? { command: reading.command } : {};
}
