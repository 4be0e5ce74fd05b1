import { geoRoute } from '@/lib/bff/geo-route';

// GET /api/geo/autocomplete?q=&locale=&lat=&lng= - suggestions for the location search box
export const GET = geoRoute('geoAutocomplete');
