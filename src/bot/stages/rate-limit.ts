import { commandOf } from './edits.js';
import { answer, type Stage } from './turn.js';

/** Per sender: over the limit, told once per window, then silent. */
export const rateLimit: Stage = {
  name: 'rate-limit',
  run(turn, deps) {
    const decision = deps.limiter.check(turn.sender, deps.now().getTime());
    if (decision.kind === 'allow') return undefined;
    const command = commandOf(turn.reading ?? {});
    if (decision.kind === 'silent') return { outcome: 'ignored', reason: 'rate-limited', ...command };
    const result = { outcome: 'denied', reason: 'rate-limited', ...command } as const;
    return answer(turn, deps, 'errors/rate-limited-user', { seconds: decision.seconds }, result);
  },
};
