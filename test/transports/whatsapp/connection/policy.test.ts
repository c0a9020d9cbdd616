import { Boom } from '@hapi/boom';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  closeStatusCode,
  DEFAULT_POLICY,
  type Decision,
  decideReconnect,
  INITIAL_POLICY_STATE,
  isConnectionProblem,
  type PolicyState,
} from '../../../../src/transports/whatsapp/connection/policy.js';

const half = () => 0.5;

function decide(
  code: number | undefined,
  state: PolicyState = INITIAL_POLICY_STATE,
  stable = false,
): Decision {
  return decideReconnect(code, state, stable, DEFAULT_POLICY, half);
}

describe('reconnect policy (the notes table)', () => {
  it('reconnects at once on 515 restart required', () => {
    expect(decide(515)).toMatchObject({ action: 'reconnect', reason: 'restart-required', delayMs: 0 });
  });

  it('stops and clears the session on 401 logged out and on 411 multidevice mismatch', () => {
    expect(decide(401)).toMatchObject({ action: 'stop', reason: 'logged-out', clearAuth: true });
    expect(decide(411)).toMatchObject({ action: 'stop', reason: 'multidevice-mismatch', clearAuth: true });
  });

  it('stops without touching the session on 403 forbidden and 405 version rejected', () => {
    expect(decide(403)).toMatchObject({ action: 'stop', reason: 'forbidden', clearAuth: false });
    expect(decide(405)).toMatchObject({ action: 'stop', reason: 'version-rejected', clearAuth: false });
  });

  it('backs off long and alerts on 440, and stops after maxReplaced in a row', () => {
    let state = INITIAL_POLICY_STATE;
    const delays: number[] = [];
    for (let i = 0; i < DEFAULT_POLICY.maxReplaced; i++) {
      const d = decide(440, state);
      expect(d).toMatchObject({ action: 'reconnect', reason: 'replaced', alert: true });
      if (d.action === 'reconnect') delays.push(d.delayMs);
      state = d.state;
    }
    expect(delays[0]).toBeGreaterThanOrEqual(60_000);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(decide(440, state)).toMatchObject({ action: 'stop', reason: 'replaced', clearAuth: false });
  });

  it('keeps counting 440s across stable opens, so a rival that replaces us every few minutes is stopped', () => {
    let state = INITIAL_POLICY_STATE;
    let now = 1_000_000;
    for (let i = 0; i < DEFAULT_POLICY.maxReplaced; i++) {
      const d = decideReconnect(440, state, true, DEFAULT_POLICY, half, now);
      expect(d).toMatchObject({ action: 'reconnect', reason: 'replaced', attempt: i + 1 });
      state = d.state;
      now += 3 * 60_000; // we reconnect, stay open a few minutes (stable), and are replaced again
    }
    expect(decideReconnect(440, state, true, DEFAULT_POLICY, half, now)).toMatchObject({
      action: 'stop',
      reason: 'replaced',
    });
  });

  it('still resets the backoff on a stable open while remembering the 440s', () => {
    let state = decideReconnect(440, INITIAL_POLICY_STATE, false, DEFAULT_POLICY, half, 0).state;
    for (let i = 0; i < 4; i++) state = decideReconnect(408, state, false, DEFAULT_POLICY, half, 0).state;
    const d = decideReconnect(408, state, true, DEFAULT_POLICY, half, 60_000);
    expect(d).toMatchObject({ action: 'reconnect', reason: 'connection', attempt: 1 });
    expect(d.state.replaced).toBe(1);
  });

  it('forgets past 440s after an hour without one', () => {
    let state = INITIAL_POLICY_STATE;
    let now = 0;
    for (let i = 0; i < DEFAULT_POLICY.maxReplaced; i++) {
      state = decideReconnect(440, state, true, DEFAULT_POLICY, half, now).state;
      now += 60_000;
    }
    const lastAt = now - 60_000;
    const justBefore = decideReconnect(440, state, true, DEFAULT_POLICY, half, lastAt + 59 * 60_000);
    expect(justBefore).toMatchObject({ action: 'stop', reason: 'replaced' });
    const anHourLater = decideReconnect(440, state, true, DEFAULT_POLICY, half, lastAt + 60 * 60_000);
    expect(anHourLater).toMatchObject({ action: 'reconnect', reason: 'replaced', attempt: 1 });
  });

  it('backs off on 500 and never clears the session', () => {
    const d = decide(500);
    expect(d).toMatchObject({ action: 'reconnect', reason: 'bad-session' });
    expect('clearAuth' in d).toBe(false);
  });

  it.each([408, 428, 503, undefined, 999])('backs off exponentially with jitter, capped, on %s', (code) => {
    let state = INITIAL_POLICY_STATE;
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      const d = decideReconnect(code, state, false, DEFAULT_POLICY, half);
      expect(d.action).toBe('reconnect');
      if (d.action === 'reconnect') delays.push(d.delayMs);
      state = d.state;
    }
    expect(delays[1]).toBeGreaterThan(delays[0] ?? 0);
    expect(Math.max(...delays)).toBeLessThanOrEqual(DEFAULT_POLICY.maxDelayMs);
    expect(delays.at(-1)).toBe(Math.round(DEFAULT_POLICY.maxDelayMs * 0.75));
  });

  it('resets the counters after a stable open', () => {
    let state = INITIAL_POLICY_STATE;
    for (let i = 0; i < 6; i++) state = decide(408, state).state;
    const afterStable = decide(408, state, true);
    expect(afterStable).toMatchObject({ action: 'reconnect', attempt: 1 });
  });

  it('gives up (reported) after maxFailures consecutive failed connections', () => {
    const options = { ...DEFAULT_POLICY, maxFailures: 3 };
    let state = INITIAL_POLICY_STATE;
    const actions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const d = decideReconnect(408, state, false, options, half);
      actions.push(d.action === 'stop' ? d.reason : d.action);
      state = d.state;
    }
    expect(actions).toEqual(['reconnect', 'reconnect', 'reconnect', 'gave-up']);
  });

  it('turns a 515 loop into backoff after maxRestarts', () => {
    let state = INITIAL_POLICY_STATE;
    for (let i = 0; i < DEFAULT_POLICY.maxRestarts; i++) state = decide(515, state).state;
    expect(decide(515, state)).toMatchObject({ action: 'reconnect', reason: 'connection' });
  });

  it('spreads jitter between half and all of the exponential delay', () => {
    const options = { ...DEFAULT_POLICY, baseDelayMs: 1000 };
    expect(backoffDelay(3, options, () => 0)).toBe(2000);
    expect(backoffDelay(3, options, () => 1)).toBe(4000);
  });

  it('reads the status code of a Boom close error', () => {
    expect(closeStatusCode(new Boom('x', { statusCode: 440 }))).toBe(440);
    expect(closeStatusCode(new Error('plain'))).toBeUndefined();
    expect(closeStatusCode(undefined)).toBeUndefined();
  });

  it('tells connection problems (408, 428, 503, "Connection Closed", "Timed Out") from message errors', () => {
    expect(isConnectionProblem(new Boom('x', { statusCode: 408 }))).toBe(true);
    expect(isConnectionProblem(new Boom('x', { statusCode: 428 }))).toBe(true);
    expect(isConnectionProblem(new Boom('x', { statusCode: 503 }))).toBe(true);
    expect(isConnectionProblem(new Error('Connection Closed'))).toBe(true);
    expect(isConnectionProblem(new Error('Timed Out'))).toBe(true);
    expect(isConnectionProblem(new Boom('bad-request', { statusCode: 400 }))).toBe(false);
    expect(isConnectionProblem(new Boom('rate-overlimit', { statusCode: 429 }))).toBe(false);
    expect(isConnectionProblem(new Error('not-acceptable'))).toBe(false);
  });
});
