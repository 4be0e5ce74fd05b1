import 'server-only';
import { getDb } from '../../db/client';
import { discoveryChangeBounds, discoveryChangesAfter } from '../repositories/discovery-changes-repository';
import { loadNameIndexDelta, loadNameIndexRows } from '../repositories/search-repository';
import { NameIndex } from '../search/name-index';

/*
 * The typeahead's name index (lib/backend/search/name-index.ts), one per database handle and
 * process, built on first use and kept current through the change feed (discovery_changes,
 * migration 0006) that the page cache follows too. A search reads the feed's position in its
 * own statement; when it moved, refresh() reads the changes: when they touched no name, office,
 * place or provider-office link (a review, a new insurance plan), the index only notes the new
 * position; otherwise it is read again whole. Kept on globalThis, as the database handle is,
 * because Next and the /v4 fast path load this module in separate bundles.
 */

interface Entry {
  current: Promise<NameIndex>;
  refreshing?: Promise<NameIndex>;
}

/** More changes than this at once (a re-seed, an import) and the index is read again whole. */
const MAX_DELTA = 1000;

const globalKey = Symbol.for('dental-booking.name-index');
type GlobalWithIndex = typeof globalThis & { [globalKey]?: WeakMap<object, Entry> };

function entries(): WeakMap<object, Entry> {
  const g = globalThis as GlobalWithIndex;
  return (g[globalKey] ??= new WeakMap());
}

async function build(): Promise<NameIndex> {
  const { rows, version } = await loadNameIndexRows();
  return new NameIndex(rows, version);
}

function started(db: object, entry: Entry, promise: Promise<NameIndex>): Promise<NameIndex> {
  // A failed read is tried again by the next search instead of being kept.
  promise.catch(() => {
    if (entries().get(db) === entry) entries().delete(db);
  });
  return promise;
}

/** The index for the current database, built on first use (one build shared by concurrent searches). */
export async function currentNameIndex(): Promise<NameIndex> {
  const db = await getDb();
  const known = entries().get(db);
  if (known) return known.current;
  const entry: Entry = { current: Promise.resolve(undefined as unknown as NameIndex) };
  entry.current = started(db, entry, build());
  entries().set(db, entry);
  return entry.current;
}

async function caughtUp(index: NameIndex): Promise<NameIndex> {
  const bounds = await discoveryChangeBounds();
  if (bounds.latest === index.version) return index;
  // No position to start from, the feed went backwards, or changes after it were pruned.
  if (index.version === null || bounds.latest === null || bounds.oldest === null || bounds.latest < index.version || bounds.oldest > index.version + 1) {
    return build();
  }
  const changes = await discoveryChangesAfter(index.version, MAX_DELTA);
  if (!changes.length || changes.length >= MAX_DELTA || changes.some((c) => c.provider_id === null && c.office_id === null)) return build();
  const providerIds = [...new Set(changes.flatMap((c) => (c.provider_id === null ? [] : [c.provider_id])))];
  const officeIds = [...new Set(changes.flatMap((c) => (c.office_id === null ? [] : [c.office_id])))];
  const rows = await loadNameIndexDelta(providerIds, officeIds);
  if (!index.agrees(rows, { providerIds, officeIds })) return build();
  index.version = changes[changes.length - 1]!.id;
  return index;
}

/** The index brought up to the change feed's newest position (one refresh shared by concurrent searches). */
export async function refreshedNameIndex(stale: NameIndex): Promise<NameIndex> {
  const db = await getDb();
  const entry = entries().get(db);
  if (!entry) return currentNameIndex();
  const current = await entry.current;
  if (current !== stale) return current;
  if (!entry.refreshing) {
    const refreshing = started(db, entry, caughtUp(stale));
    entry.refreshing = refreshing;
    entry.current = refreshing;
    void refreshing.finally(() => {
      if (entry.refreshing === refreshing) entry.refreshing = undefined;
    }).catch(() => undefined);
  }
  return entry.refreshing;
}
