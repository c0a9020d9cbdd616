import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGroupDirectory } from '../../src/groups/directory.js';
import type { Group } from '../../src/lookup/schemas/index.js';
import { lima, OTHER_GROUP, rateLookup, schedulerHarness } from './helpers.js';

let harness: ReturnType<typeof schedulerHarness> | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const CONTABILIDAD = { JID: OTHER_GROUP, Name: 'Contabilidad', Participants: [] } as unknown as Group;

/**
 * Like `chasqui start` on WhatsApp: the scheduler starts before the session loaded its groups, so
 * the directory's source answers [] at first and the groups only later.
 */
function setup() {
  const session = { groups: [] as Group[] };
  const source = vi.fn(async () => session.groups);
  const directory = createGroupDirectory({ source, now: () => harness?.clock.now() ?? new Date(0) });
  const rates = rateLookup('2026-11-20');
  harness = schedulerHarness({
    start: lima('2026-11-20 08:00'),
    lookup: rates.lookup,
    config: { groups: [{ name: 'Contabilidad', schedules: [{ job: 'tc', spec: '08:30' }] }] },
    extra: { resolveGroupName: (name) => directory.resolveName(name) },
  });
  return { h: harness, session, source };
}

describe('scheduler: config groups given by name', () => {
  it('gets their schedules once the session’s groups load after start, and posts on time', async () => {
    const { h, session } = setup();
    await h.scheduler.start();
    await h.scheduler.idle();
    expect(h.scheduler.list(OTHER_GROUP)).toEqual([]);

    session.groups = [CONTABILIDAD]; // the socket opened and loaded the groups
    await h.at(lima('2026-11-20 08:01'));
    expect(h.scheduler.list(OTHER_GROUP).map((e) => `${e.source} ${e.specText}`)).toEqual(['config 08:30']);

    await h.at(lima('2026-11-20 08:30'));
    expect(h.texts(OTHER_GROUP)).toHaveLength(1);
    expect(h.texts(OTHER_GROUP)[0]).toContain('20/11/2026');
  });

  it('asks the directory at most once a minute while a name stays unresolved, and stops once resolved', async () => {
    const { h, session, source } = setup();
    await h.scheduler.start();
    await h.scheduler.idle();
    expect(source).toHaveBeenCalledTimes(1);

    await h.at(new Date(lima('2026-11-20 08:00').getTime() + 40_000));
    expect(source).toHaveBeenCalledTimes(1); // less than a minute since the last try

    await h.at(lima('2026-11-20 08:01'));
    expect(source).toHaveBeenCalledTimes(2); // the empty list was not trusted for 5 minutes

    session.groups = [CONTABILIDAD];
    await h.at(lima('2026-11-20 08:02'));
    expect(source).toHaveBeenCalledTimes(3);
    expect(h.scheduler.list(OTHER_GROUP)).toHaveLength(1);

    for (const time of ['08:03', '08:10', '08:20']) await h.at(lima(`2026-11-20 ${time}`));
    expect(source).toHaveBeenCalledTimes(3);
  });
});
