import { v4Handlers } from '@/lib/backend/api/handlers';

// PUT /v4/password - change password (body new, current)
export const PUT = v4Handlers.changePassword;
