import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type MessageResponse } from '../contracts/errors';
import { apiFetch } from './http';
import type { PasswordResetEmailRequest, SetNewPasswordRequest } from '../contracts/auth';

// POST /api/password-reset - email a reset link
export function requestPasswordReset(body: PasswordResetEmailRequest): Promise<MessageResponse> {
  return apiFetch('/password-reset', { method: 'POST', body, schema: messageResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

// PUT /api/password-reset/{token} - set the new password with the emailed token
export function setNewPassword({
  token,
  body,
}: {
  token: string;
  body: SetNewPasswordRequest;
}): Promise<MessageResponse> {
  return apiFetch(`/password-reset/${encodeURIComponent(token)}`, {
    method: 'PUT',
    body,
    schema: messageResponseSchema,
  });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}
