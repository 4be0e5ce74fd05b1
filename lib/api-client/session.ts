import { useMutation, useQueryClient } from '@tanstack/react-query';
import { browserLoginResultSchema, type BrowserLoginResult, type LoginRequest } from '../contracts/auth';
import { apiFetch } from './http';

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

// POST /api/session - log in: the BFF keeps the token in its sealed cookie
export function login(body: LoginRequest): Promise<BrowserLoginResult> {
  return apiFetch('/session', { method: 'POST', body, schema: browserLoginResultSchema });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
