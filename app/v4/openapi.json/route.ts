import { openApiHandler } from '@/lib/backend/api/handlers';

// GET /v4/openapi.json - the OpenAPI 3.1 document generated from lib/contracts
export const GET = openApiHandler;
