import { v4Handlers } from '@/lib/backend/api/handlers';

// PUT /v4/session - log in
export const PUT = v4Handlers.login;
// DELETE /v4/session - log out (revokes the token)
export const DELETE = v4Handlers.logout;
