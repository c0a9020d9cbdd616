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
    const requests = reading.requests ?? [reading];
    const signature = requests
      .map((r) => `${r.command ?? r.word ?? ''}\u0000${r.rawArgs ?? ''}`)
      .join('\u0001');
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

/** The command a reading names, for results. */
export function commandOf(reading: { command?: string | undefined }): { command?: string } {
  return reading.command ? { command: reading.command } : {};
}
