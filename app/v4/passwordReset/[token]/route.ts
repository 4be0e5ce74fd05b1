import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// GET /v4/passwordReset/{token} - check a reset link
export const GET = v4Handlers.checkResetToken;
// PUT /v4/passwordReset/{token} - set a new password
export const PUT = v4Handlers.setNewPassword;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const POST = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
