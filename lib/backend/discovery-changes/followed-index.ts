import 'server-only';
import { databaseIdentity } from '../../db/transaction';
import { discoveryChangeBounds, discoveryChangesAfter, latestDiscoveryChange } from './discovery-changes-repository';

/*
 * An in-memory index of discovery data (the typeahead's names, the listings' places and tags),
 * one per database handle and process, built on first use and kept current through the change
 * feed (discovery_changes, migration 0006) that the page cache follows too. When the feed moved,
 * the changes name the providers and offices they touched: the index takes those in place when
 * it can, or is read again whole (a re-seed, a pruned gap, an "everything" change). Kept on
 * globalThis, as the database handle is, because Next and the /v4 fast path load these modules in
 * separate bundles.
 */

export interface Followed {
  /** The change feed's position the index reflects (null: no change was kept when it was read). */
  version: number | null;
}

export interface ChangeScope {
  providerIds: number[];
  officeIds: number[];
}

export interface FollowedIndex<T extends Followed> {
  /** The index for the current database, built on first use (one build shared by concurrent callers). */
  current(): Promise<T>;
  /** `stale` brought up to the feed's newest position (one refresh shared by concurrent callers). */
  refreshed(stale: T): Promise<T>;
  /** The index checked against the feed first (one small query), for callers that read it before anything else. */
  fresh(): Promise<T>;
}

interface Entry<T> {
  current: Promise<T>;
  refreshing?: Promise<T>;
}

/** More changes than this at once (a re-seed, an import) and the index is read again whole. */
const MAX_DELTA = 1000;

export function followedIndex<T extends Followed>(options: {
  /** Names the index's slot on globalThis. */
  key: string;
  build: () => Promise<T>;
  /** Takes the changes to these providers and offices into `index` in place; false when only a rebuild will do. */
  catchUp: (index: T, scope: ChangeScope) => Promise<boolean>;
}): FollowedIndex<T> {
  const globalKey = Symbol.for(options.key);
  const entries = (): WeakMap<object, Entry<T>> => {
    const g = globalThis as typeof globalThis & { [key: symbol]: WeakMap<object, Entry<T>> | undefined };
    return (g[globalKey] ??= new WeakMap());
  };

  const started = (db: object, entry: Entry<T>, promise: Promise<T>): Promise<T> => {
    // A failed read is tried again by the next caller instead of being kept.
    promise.catch(() => {
      if (entries().get(db) === entry) entries().delete(db);
    });
    return promise;
  };

  const caughtUp = async (index: T): Promise<T> => {
    const bounds = await discoveryChangeBounds();
    if (bounds.latest === index.version) return index;
    // No position to start from, the feed went backwards, or changes after it were pruned.
    if (index.version === null || bounds.latest === null || bounds.oldest === null || bounds.latest < index.version || bounds.oldest > index.version + 1) {
      return options.build();
    }
    const changes = await discoveryChangesAfter(index.version, MAX_DELTA);
    if (!changes.length || changes.length >= MAX_DELTA || changes.some((c) => c.provider_id === null && c.office_id === null)) return options.build();
    const scope = {
      providerIds: [...new Set(changes.flatMap((c) => (c.provider_id === null ? [] : [c.provider_id])))],
      officeIds: [...new Set(changes.flatMap((c) => (c.office_id === null ? [] : [c.office_id])))],
    };
    if (!(await options.catchUp(index, scope))) return options.build();
    index.version = changes[changes.length - 1]!.id;
    return index;
  };

  const current = async (): Promise<T> => {
    const db = await databaseIdentity();
    const known = entries().get(db);
    if (known) return known.current;
    const entry: Entry<T> = { current: Promise.resolve(undefined as unknown as T) };
    entry.current = started(db, entry, options.build());
    entries().set(db, entry);
    return entry.current;
  };

  const refreshed = async (stale: T): Promise<T> => {
    const db = await databaseIdentity();
    const entry = entries().get(db);
    if (!entry) return current();
    const now = await entry.current;
    if (now !== stale) return now;
    if (!entry.refreshing) {
      const refreshing = started(db, entry, caughtUp(stale));
      entry.refreshing = refreshing;
      entry.current = refreshing;
      void refreshing
        .finally(() => {
          if (entry.refreshing === refreshing) entry.refreshing = undefined;
        })
        .catch(() => undefined);
    }
    return entry.refreshing;
  };

  const fresh = async (): Promise<T> => {
    const [index, latest] = await Promise.all([current(), latestDiscoveryChange()]);
    return latest === index.version ? index : refreshed(index);
  };

  return { current, refreshed, fresh };
}
