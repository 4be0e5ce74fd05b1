import 'server-only';
import { MAX_SEARCH_TEXT_LENGTH } from '../../contracts/discovery';
import { globalSearchHeadersSchema } from '../../contracts/search';
import { charCount } from '../../contracts/validation';
import { ApiError } from '../errors';
import { v4Handler, type V4Context } from '../api/v4-handler';
import { headerText, parseHeaders } from '../../http/query';
import { authenticate } from '../auth/auth-service';
import { globalSearch } from './search-service';

function searchInput({ request, query }: V4Context<'globalSearch'>) {
  const headers = parseHeaders(request, globalSearchHeadersSchema, ['searchText', 'latitude', 'longitude', 'country']);
  const searchText = headers.searchText !== undefined ? headerText(headers.searchText) : (query.searchText ?? '');
  if (charCount(searchText) > MAX_SEARCH_TEXT_LENGTH) {
    throw new ApiError('badRequest', 'api.badRequest', {
      fields: [{ path: 'searchText', message: 'validation.tooLong' }],
    });
  }
  const lat = headers.latitude ?? query.latitude;
  const lng = headers.longitude ?? query.longitude;
  if ((lat === undefined) !== (lng === undefined)) {
    const missing = lat === undefined ? 'latitude' : 'longitude';
    throw new ApiError('badRequest', 'api.badRequest', { fields: [{ path: missing, message: 'validation.required' }] });
  }
  return {
    query,
    searchText,
    center: lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
    country: headers.country ?? query.country,
  };
}

/** Thin /v4 handler of the global search: contract in, one service call, DTO out. */
export const searchHandlers = {
  // GET /v4/globalSearch - the typeahead; a token is only needed for favorite / userId
  globalSearch: v4Handler('globalSearch', async (ctx) => {
    const input = searchInput(ctx);
    // A token sent is checked by the wrapper; favorite and userId need one even when none is sent.
    const session = ctx.auth ?? (input.query.favorite || input.query.userId ? await authenticate(null) : undefined);
    if (input.query.userId && input.query.userId !== session?.userId) throw new ApiError('forbidden');
    return globalSearch(
      {
        searchText: input.searchText,
        center: input.center,
        country: input.country,
        favoritesOf: input.query.favorite ? session?.userId : undefined,
      },
      ctx.locale,
    );
  }),
};
