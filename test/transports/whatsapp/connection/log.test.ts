import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimitDecryptLogs } from '../../../../src/transports/whatsapp/connection/log.js';

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

/** libsignal's own console lines (session_cipher.js) go through the same limit, and counts are flushed. */
describe('libsignal console lines and the flush timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    vi.useFakeTimers({ now: 1_000_000 });
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
    const log = rateLimitDecryptLogs(pino({ level: 'info' }, stream), { intervalMs: 60_000 });
    return { lines, log };
  }
  /** What libsignal's decryptWithSessions prints for one message that two sessions fail. */
  const libsignalFailure = () => {
    console.error('Failed to decrypt message with any known session...');
    for (let i = 0; i < 2; i++) {
      const e = new Error('Bad MAC');
      console.error('Session error:' + String(e), e.stack);
    }
  };

  it('takes only the known lines off the console into the limit, and gives the console back on stop', () => {
    const original = { error: console.error, warn: console.warn };
    const printed = vi.fn();
    console.error = printed;
    try {
      const { lines, log } = setup();
      log.start();
      for (let i = 0; i < 20; i++) libsignalFailure();
      console.error('something unrelated', 42);
      expect(printed.mock.calls).toEqual([['something unrelated', 42]]);
      expect(lines.map((l) => [l.msg, l.suppressed])).toEqual([
        ['libsignal: failed to decrypt message with any known session', 0],
        ['libsignal: session error', 0],
      ]);
      expect(lines[1]).toMatchObject({ source: 'libsignal', detail: 'Error: Bad MAC', level: 40 });
      expect(String(lines[1]?.stack)).toContain('Bad MAC');

      log.stop();
      expect(console.error).toBe(printed);
      libsignalFailure();
      expect(printed).toHaveBeenCalledTimes(4);
    } finally {
      console.error = original.error;
      console.warn = original.warn;
    }
  });

  it('reports held-back counts when the window ends, without waiting for another failure', () => {
    const original = console.error;
    console.error = vi.fn();
    try {
      const { lines, log } = setup();
      log.start();
      for (let i = 0; i < 5; i++) {
        log.error({ key: { id: 'X' }, author: '5550001@lid' }, 'failed to decrypt message');
        libsignalFailure();
      }
      expect(lines).toHaveLength(3);
      vi.advanceTimersByTime(59_000);
      expect(lines).toHaveLength(3);
      vi.advanceTimersByTime(2_000);
      expect(lines.slice(3).map((l) => [l.msg, l.sender ?? l.source, l.suppressed])).toEqual([
        ['failed to decrypt message', '5550001@lid', 4],
        ['libsignal: failed to decrypt message with any known session', 'libsignal', 4],
        ['libsignal: session error', 'libsignal', 9],
      ]);
      // Reported once: the windows are gone, the next failure starts a new one.
      vi.advanceTimersByTime(120_000);
      expect(lines).toHaveLength(6);
      log.error({ key: { id: 'Y' }, author: '5550001@lid' }, 'failed to decrypt message');
      expect(lines.at(-1)).toMatchObject({ author: '5550001@lid', suppressed: 0 });
      log.stop();
    } finally {
      console.error = original;
    }
  });
});
