import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSchema, type UpdateProfileRequest, type User } from '../contracts/user';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';

// GET /api/me - the current user
export function getMe(): Promise<User> {
  return apiFetch('/me', { schema: userSchema });
}

export const meQueryOptions = queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export function useMe() {
  return useQuery(meQueryOptions);
}

// PUT /api/me - update the profile
export function updateProfile(body: UpdateProfileRequest): Promise<User> {
  return apiFetch('/me', { method: 'PUT', body, schema: userSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
