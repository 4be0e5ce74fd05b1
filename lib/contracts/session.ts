import { z } from 'zod';
import './zod-config';
import { userSchema } from './user';

/*
 * The answer of PUT /v4/session, apart from the login request in ./auth: it carries the whole
 * user (and with it the phone rules), which the login form in the browser does not need.
 */

export const loginResponseSchema = z.object({
  token: z.string(),
  /** Keep it and send it as `deviceToken` with the next login from this device. */
  deviceToken: z.string().describe('Send it back as deviceToken with the next login from this device'),
  session: z.object({
    user: userSchema,
    idleTimeoutSeconds: z.number().int(),
  }),
  /** True when this login restored an account deleted within its grace period (SPEC.md isAccountRestored). */
  accountRestored: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
