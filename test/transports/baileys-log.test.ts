import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { rateLimitDecryptLogs } from '../../src/transports/baileys-log.js';

/** Decryption failures ("Bad MAC", "No session") logged at most once per sender per interval. */
describe('Baileys decrypt-failure log limit', () => {
  function setup() {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    let clock = 1_000_000;
    const log = rateLimitDecryptLogs(pino({ level: 'info' }, stream), {
      intervalMs: 60_000,
      now: () => clock,
    });
    return { lines, log, advance: (ms: number) => (clock += ms) };
  }
  const failure = (author: string) => ({ key: { id: 'X' }, author, err: { message: 'Bad MAC' } });

  it('lets one line per sender through, then one per interval carrying the held-back count', () => {
    const { lines, log, advance } = setup();
    for (let i = 0; i < 50; i++) log.error(failure('5550001@lid'), 'failed to decrypt message');
    log.child({ class: 'x' }).error(failure('5550001@lid'), 'failed to decrypt message');
    log.error(failure('5550002@lid'), 'failed to decrypt message');
    expect(lines.map((l) => [l.author, l.suppressed])).toEqual([
      ['5550001@lid', 0],
      ['5550002@lid', 0],
    ]);
    advance(61_000);
    log.error(failure('5550001@lid'), 'failed to decrypt message');
    expect(lines.at(-1)).toMatchObject({
      author: '5550001@lid',
      suppressed: 50,
      msg: 'failed to decrypt message',
    });
  });

  it('passes every other error through', () => {
    const { lines, log } = setup();
    log.error({ x: 1 }, 'something else');
    log.error({ x: 2 }, 'something else');
    expect(lines).toHaveLength(2);
  });
});
