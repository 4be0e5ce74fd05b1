import 'server-only';
import { translate } from '../../i18n/translate';
import { v4Handler } from '../api/v4-handler';
import {
  changePassword,
  currentUser,
  deleteProfilePhoto,
  setProfilePhoto,
  signUp,
  updateProfile,
} from './users-service';

/** Thin /v4 handlers of the patient app user: sign-up, profile, photo, password. */
export const userHandlers = {
  // GET /v4/patientAppUser - the user list; the first element is the user
  listUsers: v4Handler('listUsers', async ({ auth }) => [await currentUser(auth)]),
  // POST /v4/patientAppUser - sign up
  signUp: v4Handler('signUp', ({ body, locale, ip }) => signUp(body, locale, ip)),
  // PUT /v4/patientAppUser - update the profile
  updateProfile: v4Handler('updateProfile', ({ auth, body }) => updateProfile(auth, body)),
  // PUT /v4/patientAppUser/photo - set the profile photo (an uploaded image, purpose profile)
  setProfilePhoto: v4Handler('setProfilePhoto', ({ auth, body }) => setProfilePhoto(auth, body)),
  // DELETE /v4/patientAppUser/photo - remove the profile photo
  deleteProfilePhoto: v4Handler('deleteProfilePhoto', ({ auth }) => deleteProfilePhoto(auth)),
  // PUT /v4/password - change password
  changePassword: v4Handler('changePassword', async ({ auth, body, locale, ip }) => {
    await changePassword(auth, body, ip);
    return { message: translate(locale, 'api.passwordChanged') };
  }),
};
