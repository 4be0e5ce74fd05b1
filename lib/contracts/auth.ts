import { z } from 'zod';
import './zod-config';
import { userSchema } from './user';
import { anyPasswordSchema, emailSchema, newPasswordSchema } from './validation';

// PUT /v4/session - log in
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: anyPasswordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const SESSION_IDLE_SECONDS = 30 * 60;

export const loginResponseSchema = z.object({
  token: z.string(),
  session: z.object({
    user: userSchema,
    idleTimeoutSeconds: z.number().int(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// PUT /v4/password - change password while logged in
export const changePasswordRequestSchema = z.strictObject({
  new: newPasswordSchema,
  current: anyPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

// POST /v4/passwordReset - send the reset email
export const passwordResetEmailRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetEmailRequest = z.infer<typeof passwordResetEmailRequestSchema>;

/** Reset tokens are 32 random bytes in base64url (43 characters). */
export const resetTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalid')
  .meta({ description: 'The token of the emailed reset link (43 characters of base64url).' });
export const resetTokenPathSchema = z.object({ token: resetTokenSchema });

// PUT /v4/passwordReset/{token} - set a new password with an emailed token
export const setNewPasswordRequestSchema = z.strictObject({ new: newPasswordSchema });
export type SetNewPasswordRequest = z.infer<typeof setNewPasswordRequestSchema>;

// GET /v4/passwordReset/{token}
export const resetTokenStatusSchema = z.object({ valid: z.literal(true), email: z.string() });
