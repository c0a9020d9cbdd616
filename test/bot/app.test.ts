import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotHarness, createBotHarness } from '../helpers/bot-harness.js';

describe('the real app through the harness', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await createBotHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('answers a RUC lookup from the sandbox with the rendered template', async () => {
    const replies = await harness.send('ruc 20123456786');
    expect(harness.texts(replies).join('\n')).toContain('TRANSPORTES ANDINOS DEL SUR');
  });

  it('stays silent on chatter and spends no API call', async () => {
    harness.sandbox.resetRequests();
    expect(await harness.send('la placa del camión está sucia')).toEqual([]);
    expect(await harness.send('ruc de la empresa?')).toEqual([]);
    expect(harness.sandbox.requestCount()).toBe(0);
  });

  it('answers a mistaken attempt without calling the API', async () => {
    harness.sandbox.resetRequests();
    const replies = await harness.send('ruc 2010007097');
    expect(replies).toHaveLength(1);
    expect(harness.sandbox.requestCount()).toBe(0);
  });

  it('serves a repeated lookup from the cache after a restart', async () => {
    await harness.send('placa abc-123');
    harness.sandbox.resetRequests();
    await harness.restart();
    const replies = await harness.send('placa ABC123');
    expect(harness.texts(replies).join('\n')).toContain('VOLVO');
    expect(harness.sandbox.requestCount('/placa')).toBe(0);
  });
});
