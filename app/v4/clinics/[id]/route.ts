import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// GET /v4/clinics/{id} - the clinic page's data
export const GET = v4Handlers.getClinic;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const POST = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
