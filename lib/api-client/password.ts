import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '../contracts/errors';
import { apiFetch } from './http';
import type { ChangePasswordRequest } from '../contracts/auth';

// PUT /api/password - change the password while logged in
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiFetch('/password', { method: 'PUT', body, schema: messageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
