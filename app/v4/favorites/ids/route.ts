import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// GET /v4/favorites/ids - ids of the user's favourites (for heart toggles)
export const GET = v4Handlers.listFavoriteIds;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const POST = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
