import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import '../contracts/zod-config';
import { userSchema } from '../contracts/user';
import { apiFetch } from './http';
import type { LoginRequest } from '../contracts/auth';

/** DELETE /api/session: the BFF revokes the token upstream and clears the session cookie. */
export function logout(): Promise<void> {
  return apiFetch<void>('/session', { method: 'DELETE' });
}

/**
 * Logout (SPEC.md section 4): whatever the server answered, nothing cached for this user may be
 * shown to the next one, so the query cache is emptied when the call settles. The caller then
 * leaves with a full navigation so server-rendered state is fresh.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Tried at once even offline (the default would pause it until the connection returns, leaving
    // the dialog waiting with no feedback); a failure is reported to the user.
    networkMode: 'always',
    onSettled: () => queryClient.clear(),
  });
}

/** What POST /api/session answers: the user, and the saved post-login route (checked server-side) if any. */
export const loginResultSchema = z.object({
  user: userSchema,
  redirectTo: z.string().nullable(),
  accountRestored: z.boolean().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

// POST /api/session - log in: the BFF keeps the token in its sealed cookie
export function login(body: LoginRequest): Promise<LoginResult> {
  return apiFetch('/session', { method: 'POST', body, schema: loginResultSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
