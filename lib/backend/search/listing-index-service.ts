import 'server-only';
import { loadListingRows } from './listings-repository';
import { latestDiscoveryChange } from '../discovery-changes/discovery-changes-repository';
import { ListingIndex } from './listing-index';
import { followedIndex } from '../discovery-changes/followed-index';

/*
 * The provider listing's in-memory index (lib/backend/search/listing-index.ts), kept current
 * through the change feed (followed-index.ts). A listing checks the feed's position first (one
 * index probe) and takes the changes before it reads: a review or a new plan changes the rows of
 * its provider in place; a new provider-office pair or a moved office reads the index again.
 */
const listings = followedIndex<ListingIndex>({
  key: 'dental-booking.listing-index',
  build: async () => {
    // The position is read before the rows: a change made meanwhile shows as newer next time.
    const version = await latestDiscoveryChange();
    return new ListingIndex(await loadListingRows(), version);
  },
  catchUp: async (index, scope) => index.apply(await loadListingRows(scope), scope),
});

/** The index as of the change feed's newest position. */
export const freshListingIndex = listings.fresh;
