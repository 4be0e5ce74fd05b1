import { geoGeocodeQuerySchema } from '@/lib/contracts/geo';
import { geoRoute } from '@/lib/maps/geo-route.server';
import { geocodePlace } from '@/lib/maps/geo-service.server';

// GET /api/geo/geocode?id=&locale= (or ?q=) - coordinates and address parts of a chosen suggestion
export const GET = geoRoute(geoGeocodeQuerySchema, geocodePlace);
