import 'server-only';
import { entityId } from '../entity-not-found';
import { v4Handler } from '../api/v4-handler';
import { providerDetail } from './providers-service';
import { listProviders } from '../search/listings-service';
import { providerSlots } from './slots-service';

/** Thin /v4 handlers of providers: the listing, the provider page and its slots. */
export const providerHandlers = {
  // GET /v4/providers - providers near a point
  listProviders: v4Handler('listProviders', ({ query, locale }) => listProviders(query, locale)),
  // GET /v4/providers/{id}
  getProvider: v4Handler('getProvider', ({ params, locale }) => providerDetail(entityId(params), locale)),
  // GET /v4/providers/{id}/slots
  getProviderSlots: v4Handler('getProviderSlots', (ctx) => {
    const providerId = entityId(ctx.params);
    return providerSlots(providerId, ctx.query);
  }),
};
