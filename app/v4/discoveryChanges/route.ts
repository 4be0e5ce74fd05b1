import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// GET /v4/discoveryChanges - Provider and clinic pages changed since a cursor
export const GET = v4Handlers.discoveryChanges;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const POST = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
