import 'server-only';
import { buildOpenApiDocument } from '../../contracts/openapi';
import { authHandlers } from '../auth/auth-handlers';
import { userHandlers } from '../users/users-handlers';
import { referenceHandlers } from '../reference/reference-handlers';
import { searchHandlers } from '../search/search-handlers';
import { providerHandlers } from '../providers/providers-handlers';
import { clinicHandlers } from '../clinics/clinics-handlers';
import { favoriteHandlers } from '../favorites/favorites-handlers';
import { sitemapHandlers } from '../sitemap/sitemap-handlers';
import { discoveryChangeHandlers } from '../discovery-changes/discovery-changes-handlers';
import { imageHandlers } from '../images/images-handlers';
import { geoHandlers } from '../geo/geo-handlers';
import { appointmentHandlers } from '../appointments/appointments-handlers';
import { familyHandlers } from '../family/family-handlers';
import { cardHandlers } from '../cards/cards-handlers';
import { supportHandlers } from '../support/support-handlers';
import { accountHandlers } from '../account/account-handlers';
import { insuranceHandlers } from '../insurance/insurance-handlers';
import { reviewHandlers, reviewListHandlers } from '../reviews/reviews-handlers';
import { assistantHandlers } from '../assistant/assistant-handlers';
import { practiceRequestHandlers } from '../practice-requests/practice-requests-handlers';
import { waitlistHandlers } from '../waitlist/waitlist-handlers';
import type { V4Handler } from './v4-handler';
import type { V4RouteId } from '../../contracts/routes';

/** Every /v4 route's handler, one resource folder each (thin handlers: STYLE.md habit 1). */
export const v4Handlers: Record<V4RouteId, V4Handler> = {
  ...authHandlers,
  ...userHandlers,
  ...referenceHandlers,
  // Discovery: search, listings, provider and clinic pages, slots, favourites
  ...searchHandlers,
  ...providerHandlers,
  ...clinicHandlers,
  ...favoriteHandlers,
  ...sitemapHandlers,
  ...discoveryChangeHandlers,
  ...imageHandlers,
  ...geoHandlers,
  ...appointmentHandlers,
  ...familyHandlers,
  ...cardHandlers,
  ...supportHandlers,
  ...accountHandlers,
  ...insuranceHandlers,
  ...reviewHandlers,
  ...reviewListHandlers,
  ...assistantHandlers,
  ...practiceRequestHandlers,
  ...waitlistHandlers,
};

// GET /v4/openapi.json - the same for every host (relative server URL), so shared caches may keep it
const openApiBody = JSON.stringify(buildOpenApiDocument());
export const openApiHandler: V4Handler = async () =>
  new Response(openApiBody, {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
