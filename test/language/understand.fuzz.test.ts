import { describe, expect, it } from 'vitest';
import { commands } from '../../src/app/features.js';
import { UserError } from '../../src/errors/user-error.js';
import { MIN_DATE } from '../../src/language/grammars/registry.js';
import { plateFormat } from '../../src/language/grammars/identifiers/plate.js';
import { isValidRuc } from '../../src/language/grammars/identifiers/ruc.js';
import type { Reading } from '../../src/language/understand/reading.js';
import { createUnderstanding, MAX_REQUESTS } from '../../src/language/understand/understand.js';
import { addDays } from '../../src/time/lima.js';
import { hostileText, SELF_DIGITS } from '../helpers/hostile-text.js';

/**
 * Issue 18: `understand()` on 10,000 seeded hostile messages up to 64 KiB never throws, always
 * gives a well-formed Reading with at most MAX_REQUESTS requests, and never hands a command an
 * identifier that could not be one (a RUC with a wrong check digit would cost a credit).
 * Replay a failure with FUZZ_SEED=<seed> and the case number it names.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 18);
const CASES = 10_000;
const understanding = createUnderstanding(commands);
const NOW = new Date('2026-11-22T15:00:00Z');
const NAMES = new Set(commands.map((command) => command.name));
const ACTS = new Set(['request', 'remark', 'question', 'greeting', 'thanks', 'unknown']);
const ADDRESSED = new Set(['mention', 'prefix', 'direct']);

const isoDate = (value: unknown) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/u.test(value) &&
  addDays(value, 0) === value &&
  value >= MIN_DATE;

/** What each argument named so must hold, wherever it sits in the arguments (`ref.ruc`). */
const VALID: Readonly<Record<string, (value: unknown) => boolean>> = {
  ruc: (value) => typeof value === 'string' && isValidRuc(value),
  dni: (value) => typeof value === 'string' && /^\d{8}$/u.test(value),
  placa: (value) => typeof value === 'string' && plateFormat(value) !== undefined,
  numero: (value) => typeof value === 'string' && /^[0-9A-Z]{1,15}$/u.test(value),
  document: (value) =>
    typeof value === 'string' && (/^\d{8}$/u.test(value) || /^(?=.*\d)[0-9A-Z]{8,12}$/u.test(value)),
  phone: (value) => typeof value === 'string' && /^519\d{8}$/u.test(value),
  fecha: isoDate,
  periodo: (value) => typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/u.test(value),
};

/** Arguments that break their rule, as `path = value`. */
function invalidArgs(value: unknown, path: string): string[] {
  if (typeof value !== 'object' || value === null || value instanceof Set) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = path ? `${path}.${key}` : key;
    const rule = VALID[key];
    if (rule && !rule(inner)) return [`${here} = ${JSON.stringify(inner)}`];
    return invalidArgs(inner, here);
  });
}

/** What is wrong with a Reading's shape (empty when nothing). */
function problems(reading: Reading, nested: boolean): string[] {
  const out: string[] = [];
  if (!ACTS.has(reading.act)) out.push(`act ${String(reading.act)}`);
  if (!Array.isArray(reading.because) || reading.because.length === 0) out.push('no because');
  else if (!reading.because.every((rule) => typeof rule === 'string' && rule !== '')) out.push('because');
  if (reading.addressed !== undefined && !ADDRESSED.has(reading.addressed)) out.push('addressed');
  if (reading.prefix !== undefined && !['/', '!', '.'].includes(reading.prefix)) out.push('prefix');
  if (reading.command !== undefined && !NAMES.has(reading.command)) out.push(`command ${reading.command}`);
  if (reading.rawArgs !== undefined && typeof reading.rawArgs !== 'string') out.push('rawArgs');
  if (reading.word !== undefined && (typeof reading.word !== 'string' || reading.word === ''))
    out.push('word');
  if (reading.args !== undefined) {
    if ('error' in reading.args) {
      if (!(reading.args.error instanceof UserError)) out.push('args.error is no UserError');
    } else if (!('value' in reading.args)) out.push('args without value or error');
    else out.push(...invalidArgs(reading.args.value, '').map((bad) => `invalid ${bad}`));
  }
  if (reading.act === 'request' && reading.requests === undefined && reading.command === undefined)
    out.push('a request with no command');
  if (reading.requests !== undefined) {
    if (nested) out.push('requests inside a request');
    if (reading.requests.length < 2 || reading.requests.length > MAX_REQUESTS)
      out.push(`${reading.requests.length} requests`);
    if (reading.act !== 'request') out.push('requests under a non-request');
    for (const [i, request] of reading.requests.entries()) {
      if (request.act !== 'request') out.push(`requests[${i}] is ${request.act}`);
      out.push(...problems(request, true).map((problem) => `requests[${i}]: ${problem}`));
    }
  }
  if (reading.dropped !== undefined && !(Number.isInteger(reading.dropped) && reading.dropped > 0))
    out.push(`dropped ${reading.dropped}`);
  if (reading.dropped !== undefined && reading.requests?.length !== MAX_REQUESTS) out.push('dropped early');
  return out;
}

describe(`understand() on ${CASES} hostile messages (seed ${SEED})`, () => {
  // About 10 s here; the timeout only keeps a loaded machine from failing it (nothing is timed).
  it(
    'never throws, reads a well-formed Reading, at most MAX_REQUESTS requests and only valid identifiers',
    { timeout: 240_000 },
    () => {
      const failures: string[] = [];
      let requests = 0;
      let longest = 0;
      for (let i = 0; i < CASES && failures.length < 5; i++) {
        const text = hostileText(SEED, i);
        longest = Math.max(longest, text.length);
        const isGroup = i % 4 !== 0;
        let reading: Reading;
        try {
          reading = understanding.understand(text, {
            isGroup,
            selfDigits: [SELF_DIGITS],
            now: NOW,
            ownRuc: '20123456786',
          });
        } catch (error) {
          failures.push(`case ${i}: threw ${(error as Error).stack ?? String(error)}`);
          continue;
        }
        if (reading.act === 'request') requests += 1;
        const found = problems(reading, false);
        if (found.length > 0) {
          failures.push(`case ${i}: ${found.join('; ')} in ${JSON.stringify(text.slice(0, 200))}`);
        }
      }
      expect(failures).toEqual([]);
      // The generator reaches what it is for: long messages and lines that read as requests.
      expect(longest).toBeGreaterThan(60_000);
      expect(requests).toBeGreaterThan(CASES / 50);
    },
  );
});
