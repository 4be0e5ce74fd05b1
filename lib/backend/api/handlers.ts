import 'server-only';
import { resetTokenSchema } from '../../contracts/auth';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { buildOpenApiDocument } from '../../contracts/openapi';
import { ApiError } from '../errors';
import { translate } from '../../i18n/translate';
import { v4Handler, type V4Handler } from '../http/handler';
import { login, logout } from '../services/auth-service';
import { changePassword, currentUser, deleteProfilePhoto, setProfilePhoto, signUp, updateProfile } from '../services/user-service';
import { checkResetToken, sendResetEmail, setNewPassword } from '../services/password-reset-service';
import { countries } from '../services/reference-service';
import { discoveryHandlers } from './discovery-handlers';
import { imageHandlers } from '../images/image-handlers';
import { geoHandlers } from '../geo/geo-handlers';
import { appointmentHandlers } from '../appointments/appointment-handlers';
import { familyHandlers } from '../family/family-handlers';
import { cardHandlers } from '../cards/cards-handlers';
import { supportHandlers } from '../support/support-handlers';
import { accountHandlers } from '../account/account-handlers';
import { insuranceHandlers } from '../insurance/insurance-handlers';
import { reviewHandlers } from '../reviews/review-handlers';
import { assistantHandlers } from '../assistant/assistant-handlers';
import { practiceRequestHandlers } from '../practice-requests/practice-requests-handlers';
import { waitlistHandlers } from '../waitlist/waitlist-handlers';

function tokenParam(params: Record<string, string>): string {
  const parsed = resetTokenSchema.safeParse(params.token);
  // A token of the wrong shape can never be valid: the same answer as an unknown one.
  if (!parsed.success) throw new ApiError('resetTokenInvalid');
  return parsed.data;
}

/** Thin handlers: contract in, one service call, DTO out (STYLE.md habit 1). */
export const v4Handlers: Record<V4RouteId, V4Handler> = {
  // PUT /v4/session - log in
  login: v4Handler({ body: v4Routes.login.body, handle: ({ body, ip }) => login(body, ip) }),
  // DELETE /v4/session - log out
  logout: v4Handler({
    auth: true,
    handle: async ({ auth, locale }) => {
      await logout(auth);
      return { message: translate(locale, 'api.loggedOut') };
    },
  }),
  // GET /v4/patientAppUser - the user list; the first element is the user
  listUsers: v4Handler({ auth: true, handle: async ({ auth }) => [await currentUser(auth)] }),
  // POST /v4/patientAppUser - sign up
  signUp: v4Handler({ body: v4Routes.signUp.body, status: 201, handle: ({ body, locale, ip }) => signUp(body, locale, ip) }),
  // PUT /v4/patientAppUser - update the profile
  updateProfile: v4Handler({
    auth: true,
    body: v4Routes.updateProfile.body,
    handle: ({ auth, body }) => updateProfile(auth, body),
  }),
  // PUT /v4/patientAppUser/photo - set the profile photo (an uploaded image, purpose profile)
  setProfilePhoto: v4Handler({
    auth: true,
    body: v4Routes.setProfilePhoto.body,
    handle: ({ auth, body }) => setProfilePhoto(auth, body),
  }),
  // DELETE /v4/patientAppUser/photo - remove the profile photo
  deleteProfilePhoto: v4Handler({ auth: true, handle: ({ auth }) => deleteProfilePhoto(auth) }),
  // PUT /v4/password - change password
  changePassword: v4Handler({
    auth: true,
    body: v4Routes.changePassword.body,
    handle: async ({ auth, body, locale, ip }) => {
      await changePassword(auth, body, ip);
      return { message: translate(locale, 'api.passwordChanged') };
    },
  }),
  // POST /v4/passwordReset - send the reset email
  sendResetEmail: v4Handler({
    body: v4Routes.sendResetEmail.body,
    handle: async ({ body, ip, locale }) => {
      await sendResetEmail(body.email, ip, locale);
      return { message: translate(locale, 'api.resetEmailSent') };
    },
  }),
  // GET /v4/passwordReset/{token} - is this link still usable?
  checkResetToken: v4Handler({ handle: ({ params }) => checkResetToken(tokenParam(params)) }),
  // PUT /v4/passwordReset/{token} - set the new password
  setNewPassword: v4Handler({
    body: v4Routes.setNewPassword.body,
    handle: async ({ params, body, locale }) => {
      await setNewPassword(tokenParam(params), body.new);
      return { message: translate(locale, 'api.passwordReset') };
    },
  }),
  // GET /v4/countries
  countries: v4Handler({ handle: ({ locale }) => countries(locale) }),
  // Discovery (issue 3): search, listings, provider and clinic pages, slots, favourites
  ...discoveryHandlers,
  ...imageHandlers,
  ...geoHandlers,
  ...appointmentHandlers,
  ...familyHandlers,
  ...cardHandlers,
  ...supportHandlers,
  ...accountHandlers,
  ...insuranceHandlers,
  ...reviewHandlers,
  ...assistantHandlers,
  ...practiceRequestHandlers,
  ...waitlistHandlers,
};

// GET /v4/openapi.json - the same for every host (relative server URL), so shared caches may keep it
const openApiBody = JSON.stringify(buildOpenApiDocument());
export const openApiHandler: V4Handler = async () =>
  new Response(openApiBody, {
    headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' },
  });
