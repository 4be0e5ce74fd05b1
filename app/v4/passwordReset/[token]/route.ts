import { v4Handlers } from '@/lib/backend/api/handlers';

// GET /v4/passwordReset/{token} - check a reset link
export const GET = v4Handlers.checkResetToken;
// PUT /v4/passwordReset/{token} - set a new password
export const PUT = v4Handlers.setNewPassword;
