import { geoReverseQuerySchema } from '@/lib/contracts/geo';
import { geoRoute } from '@/lib/maps/geo-route.server';
import { reverseGeocodePlace } from '@/lib/maps/geo-service.server';

// GET /api/geo/reverse?lat=&lng=&locale= - a readable address and the country of a position
export const GET = geoRoute(geoReverseQuerySchema, reverseGeocodePlace);
