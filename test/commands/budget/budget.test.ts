import { afterEach, describe, expect, it } from 'vitest';
import { refusal, statusOf, thresholds } from '../../../commands/budget/policy.js';
import { BUDGET } from '../../../src/bot/ports.js';
import { createAlerts } from '../../../src/ops/alerts.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { ADMIN_PHONE, GROUP_ID, jid, textOf } from '../../helpers/messages.js';

/** A RUC with a valid check digit (prefix 20, then 8 digits from `n`). */
function ruc(n: number): string {
  const body = `20${String(n).padStart(8, '0')}`;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * (weights[i] ?? 0), 0);
  const check = (11 - (sum % 11)) % 10;
  return `${body}${check}`;
}

const BUDGET_REPLY = 'No puedo hacer más consultas pagadas hoy';

let h: BotHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ownerNotices = (harness: BotHarness) =>
  harness.outbox.filter((sent) => sent.chatId === jid(ADMIN_PHONE)).map((sent) => textOf([sent.message]));

describe('credit budget (daily cap)', () => {
  it('refuses the third distinct ruc at CHASQUI_CREDITS_DAILY=2 without calling the API; cache and invalid input are free', async () => {
    h = await createBotHarness({ config: { credits: { daily: 2 } } });
    expect(textOf(await h.send('ruc 20123456786'))).toContain('TRANSPORTES ANDINOS');
    expect(textOf(await h.send('ruc 20601234565'))).not.toContain(BUDGET_REPLY);
    expect(textOf(await h.send('ruc 20612345679'))).toContain(BUDGET_REPLY);
    expect(h.sandbox.requestCount('/ruc')).toBe(2);
    // Cached answer and a locally rejected RUC cost nothing and still answer.
    expect(textOf(await h.send('ruc 20123456786'))).toContain('TRANSPORTES ANDINOS');
    expect(textOf(await h.send('ruc 20123456787'))).not.toContain(BUDGET_REPLY);
    expect(h.sandbox.requestCount('/ruc')).toBe(2);
    // The owners are told once that the cap was reached, however many lookups are refused.
    await h.send('ruc 20612345679');
    const notices = ownerNotices(h);
    expect(notices.filter((text) => text.includes('se alcanzó el límite diario'))).toHaveLength(1);
    const uso = textOf(await h.send('uso'));
    expect(uso).toContain('Presupuesto de créditos: hoy *2* de 2');
  });

  it('tells the owners once at 80%, then at the cap', async () => {
    h = await createBotHarness({ config: { credits: { daily: 5 } } });
    for (let i = 1; i <= 3; i++) await h.send(`ruc ${ruc(i)}`);
    expect(ownerNotices(h).filter((text) => text.includes('80%'))).toHaveLength(0);
    await h.send(`ruc ${ruc(4)}`);
    await h.send(`ruc ${ruc(4)}`); // cached: no credit, no second notice
    expect(ownerNotices(h).filter((text) => text.includes('80%'))).toEqual([
      expect.stringContaining('4 de 5'),
    ]);
    await h.send(`ruc ${ruc(5)}`);
    expect(textOf(await h.send(`ruc ${ruc(6)}`))).toContain(BUDGET_REPLY);
    expect(ownerNotices(h).filter((text) => text.includes('se alcanzó el límite'))).toHaveLength(1);
    expect(h.sandbox.requestCount('/ruc')).toBe(5);
  });

  it('raises the ops alert budget-reached once per period, when a lookup reaches the cap', async () => {
    const alerts = createAlerts();
    h = await createBotHarness({ config: { credits: { daily: 2 } }, alerts });
    await h.send(`ruc ${ruc(1)}`);
    expect(alerts.recent()).toEqual([]);
    await h.send(`ruc ${ruc(2)}`);
    expect(textOf(await h.send(`ruc ${ruc(3)}`))).toContain(BUDGET_REPLY);
    expect(textOf(await h.send(`ruc ${ruc(4)}`))).toContain(BUDGET_REPLY);
    expect(alerts.recent().map((alert) => [alert.kind, alert.details])).toEqual([
      ['budget-reached', { scope: 'overall', period: 'day', spent: 2, cap: 2 }],
    ]);
  });

  it("applies a group's own cap from the config file to that group only", async () => {
    const other = '120363000000000002@g.us';
    h = await createBotHarness({
      config: {
        groups: [
          { id: GROUP_ID, name: 'Despacho Lima', personalData: true, schedules: [], credits: { daily: 1 } },
          { id: other, personalData: false, schedules: [] },
        ],
      },
    });
    expect(h.app.services.registry.get(BUDGET)?.status(GROUP_ID)).toMatchObject({
      dailyCap: 1,
      remainingToday: 1,
    });
    await h.send(`ruc ${ruc(11)}`);
    expect(h.app.services.registry.get(BUDGET)?.status(GROUP_ID)).toMatchObject({
      spentToday: 1,
      remainingToday: 0,
    });
    expect(textOf(await h.send(`ruc ${ruc(12)}`))).toContain('de este grupo');
    expect(textOf(await h.send(`ruc ${ruc(12)}`, { chatId: other }))).not.toContain(BUDGET_REPLY);
    expect(h.sandbox.requestCount('/ruc')).toBe(2);
  });

  it('applies the cap of a group configured by name, found through the group directory', async () => {
    h = await createBotHarness({
      config: {
        groups: [{ name: 'Despacho Lima', personalData: true, schedules: [], credits: { daily: 1 } }],
      },
    });
    expect(textOf(await h.send(`ruc ${ruc(21)}`))).not.toContain(BUDGET_REPLY);
    expect(textOf(await h.send(`ruc ${ruc(22)}`))).toContain('de este grupo');
    expect(h.sandbox.requestCount('/ruc')).toBe(1);
  });
});

describe('budget policy', () => {
  const scope = (today: number, month: number) => ({
    scope: 'overall',
    caps: { daily: 10, monthly: 100 },
    today,
    month,
  });

  it('refuses at the cap counting calls in flight, and reports 80% and cap levels', () => {
    expect(refusal([scope(9, 9)])).toBeUndefined();
    expect(refusal([scope(9, 9)], 1)).toMatchObject({ period: 'day', cap: 10 });
    expect(refusal([scope(0, 100)])).toMatchObject({ period: 'month', cap: 100 });
    expect(thresholds([scope(8, 8)])).toEqual([expect.objectContaining({ level: 'warning', period: 'day' })]);
    expect(thresholds([scope(10, 80)]).map((t) => `${t.period}:${t.level}`)).toEqual([
      'day:cap',
      'month:warning',
    ]);
  });

  it('reports the tightest cap and what is left', () => {
    const group = { scope: 'g@g.us', caps: { daily: 3 }, today: 2, month: 2 };
    expect(statusOf('2026-11-22', '2026-11', { today: 2, month: 2 }, [scope(9, 50), group])).toEqual({
      day: '2026-11-22',
      month: '2026-11',
      spentToday: 2,
      spentThisMonth: 2,
      dailyCap: 3,
      monthlyCap: 100,
      remainingToday: 1,
      remainingThisMonth: 50,
    });
  });
});
