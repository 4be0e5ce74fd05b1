import { v4Handlers } from '@/lib/backend/api/handlers';
import { dispatchV4 } from '@/lib/backend/api/dispatch';

// POST /v4/passwordReset - email a reset link
export const POST = v4Handlers.sendResetEmail;

// Other methods answer 405 in the one error shape rather than with Next's empty 405.
export const GET = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
