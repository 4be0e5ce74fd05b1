import { v4Handlers } from '@/lib/backend/api/handlers';

// GET /v4/countries
export const GET = v4Handlers.countries;
