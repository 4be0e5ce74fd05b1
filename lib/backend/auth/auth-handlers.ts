import 'server-only';
import { resetTokenSchema } from '../../contracts/auth';
import { translate } from '../../i18n/translate';
import { ApiError } from '../errors';
import { v4Handler } from '../api/v4-handler';
import { login, logout } from './auth-service';
import { checkResetToken, sendResetEmail, setNewPassword } from './password-reset-service';

function tokenParam(params: Record<string, string>): string {
  const parsed = resetTokenSchema.safeParse(params.token);
  // A token of the wrong shape can never be valid: the same answer as an unknown one.
  if (!parsed.success) throw new ApiError('resetTokenInvalid');
  return parsed.data;
}

/** Thin /v4 handlers of the session and the password reset (STYLE.md habit 1). */
export const authHandlers = {
  // PUT /v4/session - log in
  login: v4Handler('login', ({ body, ip }) => login(body, ip)),
  // DELETE /v4/session - log out
  logout: v4Handler('logout', async ({ auth, locale }) => {
    await logout(auth);
    return { message: translate(locale, 'api.loggedOut') };
  }),
  // POST /v4/passwordReset - send the reset email
  sendResetEmail: v4Handler('sendResetEmail', async ({ body, ip, locale }) => {
    await sendResetEmail(body.email, ip, locale);
    return { message: translate(locale, 'api.resetEmailSent') };
  }),
  // GET /v4/passwordReset/{token} - is this link still usable?
  checkResetToken: v4Handler('checkResetToken', ({ params }) => checkResetToken(tokenParam(params))),
  // PUT /v4/passwordReset/{token} - set the new password
  setNewPassword: v4Handler('setNewPassword', async ({ params, body, locale }) => {
    await setNewPassword(tokenParam(params), body.new);
    return { message: translate(locale, 'api.passwordReset') };
  }),
};
