import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// PUT /v4/favorites/clinics/{id} - add (idempotent)
export const PUT = v4Handlers.addFavoriteClinic;
// DELETE /v4/favorites/clinics/{id} - remove (idempotent)
export const DELETE = v4Handlers.removeFavoriteClinic;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const GET = dispatchV4;
export const POST = dispatchV4;
export const PATCH = dispatchV4;
