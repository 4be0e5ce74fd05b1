import { geoAutocompleteQuerySchema } from '@/lib/contracts/geo';
import { geoRoute } from '@/lib/maps/geo-route.server';
import { autocompletePlaces } from '@/lib/maps/geo-service.server';

// GET /api/geo/autocomplete?q=&locale=&lat=&lng= - suggestions for the location search box
export const GET = geoRoute(geoAutocompleteQuerySchema, autocompletePlaces);
