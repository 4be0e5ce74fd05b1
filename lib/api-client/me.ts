import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientApiError, apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { UpdateProfileRequest, User } from '../contracts/user';

/*
 * The current user through the BFF. No zod parsing here on purpose: the header reads this on
 * every page, including the cached public provider and clinic pages whose JavaScript budget is
 * tight, and the BFF relays the /v4 contract unchanged.
 */

// GET /api/me - the current user; `null` when nobody is logged in (the BFF answers 401)
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    return await apiFetch<User>('/me', { signal });
  } catch (error) {
    if (error instanceof ClientApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Shared by the header and the account pages (which prefetch it on the server and hydrate, so
 * they show no placeholder). Logging in and out are full page loads, so the answer only goes
 * stale when the session ends elsewhere; a minute is plenty.
 */
export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
  retry: false,
});

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions, enabled: options.enabled ?? true });
}

// PUT /api/me - update the profile
export function updateProfile(body: UpdateProfileRequest): Promise<User> {
  return apiFetch<User>('/me', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
