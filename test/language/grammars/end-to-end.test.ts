import { describe, expect, it } from 'vitest';
import { useBotHarness } from '../../helpers/bot-harness.js';
import { groupMessage } from '../../helpers/messages.js';
import { NOW } from '../../bot/phrasings/rows.js';

/**
 * Field misses the identifier grammars fix through the commands' validators (the router is
 * unchanged): each line goes through the real router and commands against the sandbox.
 */
const harness = useBotHarness({ now: () => NOW });

async function outcome(line: string) {
  const before = harness.sandbox.requestCount();
  const { result } = await harness.deliver(groupMessage(line));
  return { ...result, requests: harness.sandbox.requestCount() - before };
}

describe('identifiers as people group and write them reach the command', () => {
  it.each([
    ['dni 4567 8912', 'dni'],
    ['dni 456 78 912', 'dni'],
    ['dni 4567 8912-4', 'dni'],
    ['ruc 20 12345678 6', 'ruc'],
    ['buscar transportes andinos', 'buscar'],
    ['buscar Los Alamos', 'buscar'],
  ])('%j → %s', async (line, command) => {
    expect(await outcome(line)).toMatchObject({ outcome: 'ok', command });
  });
});

describe('what can never be a Peruvian plate costs no credit', () => {
  it.each(['placa 12345678', 'placa 1A2B3C', 'placa ABCD12'])('%j is refused locally', async (line) => {
    expect(await outcome(line)).toMatchObject({ template: 'errors/invalid-plate', requests: 0 });
  });
});
