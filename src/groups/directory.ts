import type { Logger } from 'pino';
import type { GroupDirectoryPort } from '../bot/ports.js';
import { fold } from '../text/fold.js';
import type { LookupApi } from '../lookup/api.js';
import type { Group } from '../lookup/schemas/index.js';

/** Where groups come from: the messaging host (`fromLookup`) or the WhatsApp session (H7). */
export type GroupSource = () => Promise<Group[]>;

/** Groups from operation 20 (`GET {MESSAGING_BASE_URL}/group/all`). */
export function fromLookup(api: Pick<LookupApi, 'groups'>): GroupSource {
  return () => api.groups();
}

export interface GroupDirectoryOptions {
  /** The group source; `lookup` is a shortcut for `fromLookup(lookup)`. */
  source?: GroupSource;
  lookup?: Pick<LookupApi, 'groups'>;
  /** How long a loaded list is reused (default 5 min). */
  ttlMs?: number;
  /**
   * How long an empty list, or the old list kept after a failed reload, is reused (default 30 s,
   * never more than `ttlMs`): a WhatsApp session loads its groups only after the socket opens.
   */
  retryMs?: number;
  now?: () => Date;
  logger?: Logger;
}

/** The directory plus cache control (a `groups.update` event can invalidate it). */
export interface GroupDirectory extends GroupDirectoryPort {
  /** Drops the cached list; the next call loads again. */
  invalidate(): void;
}

interface Snapshot {
  groups: Group[];
  byName: Map<string, string[]>;
  loadedAt: number;
  /** How long this snapshot is trusted: the full TTL, or `retryMs` when empty or stale. */
  ttlMs: number;
  warned: Set<string>;
}

/**
 * Lists groups and resolves configured group names to ids, loading from the source at most once
 * per TTL (concurrent callers share one load). An empty list is not trusted for the full TTL (the
 * source may not have loaded yet), and when a reload fails the last list is kept but retried soon.
 */
export function createGroupDirectory(options: GroupDirectoryOptions): GroupDirectory {
  const source = options.source ?? (options.lookup ? fromLookup(options.lookup) : undefined);
  if (!source) throw new TypeError('createGroupDirectory needs a source or a lookup');
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const retryMs = Math.min(options.retryMs ?? 30_000, ttlMs);
  const now = options.now ?? (() => new Date());
  const log = options.logger?.child({ module: 'groups' });
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  const reload = async (): Promise<Snapshot> => {
    try {
      const groups = await source();
      snapshot = {
        groups,
        byName: indexByName(groups),
        loadedAt: now().getTime(),
        ttlMs: groups.length > 0 ? ttlMs : retryMs,
        warned: new Set(),
      };
      return snapshot;
    } catch (error) {
      if (!snapshot) throw error;
      log?.warn({ err: error }, 'group directory reload failed; keeping the last list');
      snapshot.loadedAt = now().getTime();
      snapshot.ttlMs = retryMs;
      return snapshot;
    }
  };
  const load = (): Promise<Snapshot> => {
    loading ??= reload().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  const current = async (): Promise<Snapshot> =>
    snapshot && now().getTime() - snapshot.loadedAt < snapshot.ttlMs ? snapshot : load();

  return {
    async list() {
      return (await current()).groups;
    },
    async resolveName(name) {
      let snap: Snapshot;
      try {
        snap = await current();
      } catch (error) {
        log?.warn({ err: error }, 'group directory unavailable; names cannot be resolved');
        return undefined;
      }
      const key = fold(name);
      const ids = snap.byName.get(key) ?? [];
      if (ids.length > 1) {
        if (!snap.warned.has(key)) {
          snap.warned.add(key);
          log?.warn({ group: name, matches: ids.length }, 'ambiguous group name in config: use the group id');
        }
        return undefined;
      }
      return ids[0];
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}

function indexByName(groups: readonly Group[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const group of groups) {
    const key = fold(group.Name);
    const ids = byName.get(key) ?? [];
    if (!ids.includes(group.JID)) ids.push(group.JID);
    byName.set(key, ids);
  }
  return byName;
}
