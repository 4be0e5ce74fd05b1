import { geoRoute } from '@/lib/bff/geo-route';

// GET /api/geo/reverse?lat=&lng=&locale= - a readable address and the country of a position
export const GET = geoRoute('geoReverse');
