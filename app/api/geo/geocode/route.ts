import { geoRoute } from '@/lib/bff/geo-route';

// GET /api/geo/geocode?id=&locale= (or ?q=) - coordinates and address parts of a chosen suggestion
export const GET = geoRoute('geoGeocode');
