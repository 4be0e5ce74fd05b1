import 'server-only';
import { loadNameIndexDelta, loadNameIndexRows } from './search-repository';
import { NameIndex } from './name-index';
import { followedIndex } from '../discovery-changes/followed-index';

/*
 * The typeahead's name index (lib/backend/search/name-index.ts), kept current through the change
 * feed (followed-index.ts). A search reads the feed's position in its own statement and asks for
 * a refresh when it moved. Changes that touched no name, office, place or provider-office link
 * (a review, a new insurance plan) only move the index's position; others read it again whole.
 */
const names = followedIndex<NameIndex>({
  key: 'dental-booking.name-index',
  build: async () => {
    const { rows, version } = await loadNameIndexRows();
    return new NameIndex(rows, version);
  },
  catchUp: async (index, scope) => index.agrees(await loadNameIndexDelta(scope.providerIds, scope.officeIds), scope),
});

/** The index for the current database, built on first use (one build shared by concurrent searches). */
export const currentNameIndex = names.current;

/** The index brought up to the change feed's newest position (one refresh shared by concurrent searches). */
export const refreshedNameIndex = names.refreshed;
