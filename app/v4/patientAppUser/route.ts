import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// GET /v4/patientAppUser - list; the first element is the current user
export const GET = v4Handlers.listUsers;
// POST /v4/patientAppUser - sign up
export const POST = v4Handlers.signUp;
// PUT /v4/patientAppUser - update the profile
export const PUT = v4Handlers.updateProfile;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
