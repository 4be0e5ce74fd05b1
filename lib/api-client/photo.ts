import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './http';
import { queryKeys } from './query-keys';
import type { User } from '../contracts/user';

/*
 * The profile photo: the cropped picture is uploaded with uploadImage('profile', …)
 * (lib/api-client/image-upload.ts), then made the photo here. The answer is the updated user, put
 * straight into the shared `me` query so the header's avatar and the account area change at once.
 */

// PUT /api/me/photo
export function useSetProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => apiFetch<User>('/me/photo', { method: 'PUT', body: { imageId } }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

// DELETE /api/me/photo
export function useRemoveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<User>('/me/photo', { method: 'DELETE' }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}
