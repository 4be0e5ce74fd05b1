import { z } from 'zod';
import './zod-config';
import { anyPasswordSchema, emailSchema, newPasswordSchema } from './validation';

/**
 * The device token (OWASP's device cookie, lib/docs/decisions/login-throttling.md): returned by
 * every successful login and sent back with later logins from the same device, so that device
 * can still log in while guesses from unknown clients are blocked. Opaque to clients; an
 * invalid or foreign one is not an error, the attempt simply counts as an untrusted client's.
 */
export const deviceTokenSchema = z.string().max(600, 'validation.tooLong');
export const DEVICE_TOKEN_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// PUT /v4/session - log in
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: anyPasswordSchema,
  deviceToken: deviceTokenSchema
    .optional()
    .describe('The deviceToken of an earlier successful login from this device, if any (OWASP device cookie)'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * What the BFF's POST /api/session answers the browser: where to go next. The browser then
 * loads that page in full, so the user's details reach it through the pages, not this answer.
 */
export const browserLoginResultSchema = z.object({
  /** The saved post-login route, checked server-side to be a same-site path. */
  redirectTo: z.string().nullable(),
  /** This login restored an account deleted within its grace period (SPEC.md isAccountRestored). */
  accountRestored: z.literal(true).optional(),
});
export type BrowserLoginResult = z.infer<typeof browserLoginResultSchema>;

export const SESSION_IDLE_SECONDS = 30 * 60;

// PUT /v4/password - change password while logged in
export const changePasswordRequestSchema = z
  .strictObject({
    new: newPasswordSchema,
    current: anyPasswordSchema,
  })
  // A "change" to the same password changes nothing, and a patient who meant to replace a
  // leaked one would believe it done: refused, on the new password's field.
  .refine((body) => body.new !== body.current, { path: ['new'], message: 'validation.samePassword' });
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
