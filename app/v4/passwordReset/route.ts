import { v4Handlers } from '@/lib/backend/api/handlers';

// POST /v4/passwordReset - email a reset link
export const POST = v4Handlers.sendResetEmail;
