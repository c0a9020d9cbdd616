import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_CHECK } from '../../../commands/watch/check.js';
import type { OutgoingMessage } from '../../../src/transports/transport.js';
import { rucFrom } from '../batch/helpers.js';
import { type BotHarness, createBotHarness } from '../../helpers/bot-harness.js';
import { loadSandboxPadron } from '../../helpers/padron.js';

/**
 * The watch list with the sandbox's padrón loaded (issue 23): the daily check reads estado and
 * condición from the mirror at no cost; the paid `ruc` lookup only for the agent flags (weekly by
 * default) and for RUCs the mirror does not list. Counted from the sandbox's request log.
 * Times are Lima (UTC-5): 08:00 Lima = 13:00Z.
 */
const checker = (h: BotHarness) => h.app.services.registry.get(WATCH_CHECK)!;
const ANDINOS = '20123456786';
/** Known to the API but not to the editions loaded before it was set. */
const NEWCOMER = rucFrom('2078888888');
let clock = new Date('2026-11-18T15:00:00Z'); // Wednesday 10:00 Lima
const at = (iso: string) => (clock = new Date(iso));

describe('watch list with the padrón mirror', () => {
  let h: BotHarness;
  const lookups = () => ({
    ruc: h.sandbox.requestCount('/ruc'),
    debt: h.sandbox.requestCount('/ruc/deuda-coactiva'),
  });
  const textsSince = (from: number) =>
    h.outbox.slice(from).map((sent) => (sent.message as OutgoingMessage & { text?: string }).text ?? '');

  beforeAll(async () => {
    h = await createBotHarness({ now: () => clock });
    await loadSandboxPadron(h, '2026-11-18');
  });
  afterAll(async () => {
    await h.close();
  });

  it('adds a RUC with estado and condición from the mirror, paying its flags and debt once', async () => {
    const [added] = h.texts(await h.send(`vigilar ${ANDINOS} transportista`));
    expect(added).toContain('Ahora: ACTIVO · HABIDO');
    // 4.33 flag checks + 4.33 debt checks a month, estado free.
    expect(added).toContain('hasta 9 consultas al mes por el RUC de este grupo');
    expect(added).toContain(
      'estado y condición del padrón de SUNAT, sin costo; agentes y buen contribuyente cada semana; deuda coactiva cada semana',
    );
    expect(lookups()).toEqual({ ruc: 1, debt: 1 });
    h.sandbox.setTaxpayer(NEWCOMER, { nombre_o_razon_social: 'RECIÉN INSCRITA S.A.C.' });
    await h.send(`vigilar ${NEWCOMER}`);
    expect(lookups()).toEqual({ ruc: 2, debt: 2 });
  });

  it("makes no ruc call for estado and condición on the week's next check; a RUC the mirror lacks is paid", async () => {
    const before = h.outbox.length;
    await checker(h).tick(at('2026-11-19T13:00:00Z')); // Thursday 08:00
    expect(textsSince(before)).toEqual([]);
    // Andinos: nothing (mirror; flags and debt checked this week). The newcomer: its ruc lookup.
    expect(lookups()).toEqual({ ruc: 3, debt: 2 });
  });

  it('reports a change the new edition shows, without asking the API, once the RUC is in the mirror', async () => {
    h.sandbox.setTaxpayer(ANDINOS, { condicion: 'NO HABIDO' });
    await loadSandboxPadron(h, '2026-11-20'); // lists the newcomer too from now on
    const before = h.outbox.length;
    await checker(h).tick(at('2026-11-20T13:00:00Z')); // Friday 08:00
    expect(lookups()).toEqual({ ruc: 3, debt: 2 });
    const texts = textsSince(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Condición: HABIDO → *NO HABIDO*');
    const [uso] = h.texts(await h.send('uso'));
    // Thursday: Andinos; Friday: both.
    expect(uso).toMatch(/Vigilados \(revisión diaria, compartida\): \d+ \(3 gratis\)/u);
  });

  it('looks the flags up again in a new week, and never with watch.flagsCheck off', async () => {
    await loadSandboxPadron(h, '2026-11-23');
    await checker(h).tick(at('2026-11-23T13:00:00Z')); // Monday 08:00
    expect(lookups()).toEqual({ ruc: 5, debt: 4 });
    h.config.watch = { ...h.config.watch, flagsCheck: 'off' };
    await loadSandboxPadron(h, '2026-11-30');
    await checker(h).tick(at('2026-11-30T13:00:00Z')); // next Monday
    expect(lookups()).toEqual({ ruc: 5, debt: 6 });
  });
});
