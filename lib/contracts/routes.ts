import type { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  passwordResetEmailRequestSchema,
  resetTokenStatusSchema,
  setNewPasswordRequestSchema,
} from './auth';
import { countryListSchema } from './countries';
import { messageResponseSchema } from './errors';
import { signUpRequestSchema, updateProfileRequestSchema, userListSchema, userSchema } from './user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` segments are parameters. */
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201;
  /** Error statuses this call can answer besides 400 and 500. */
  errors: number[];
}

/**
 * Every /v4 call: the single source for the backend handlers, the BFF client and the OpenAPI
 * document. Paths the spec names (section 7) are kept; the ones it leaves "not shown" are ours.
 */
export const v4Routes = {
  login: {
    method: 'PUT', path: '/v4/session', summary: 'Log in; returns the token and session data',
    auth: false, body: loginRequestSchema, response: loginResponseSchema, status: 200, errors: [401, 429],
  },
  logout: {
    method: 'DELETE', path: '/v4/session', summary: 'Log out: revokes the token server-side',
    auth: true, response: messageResponseSchema, status: 200, errors: [401],
  },
  listUsers: {
    method: 'GET', path: '/v4/patientAppUser', summary: 'The current user, as the first element of a list',
    auth: true, response: userListSchema, status: 200, errors: [401],
  },
  signUp: {
    method: 'POST', path: '/v4/patientAppUser', summary: 'Sign up a patient',
    auth: false, body: signUpRequestSchema, response: userSchema, status: 201, errors: [412],
  },
  updateProfile: {
    method: 'PUT', path: '/v4/patientAppUser', summary: "Update the current user's profile",
    auth: true, body: updateProfileRequestSchema, response: userSchema, status: 200, errors: [401],
  },
  changePassword: {
    method: 'PUT', path: '/v4/password', summary: 'Change the password (body new, current)',
    auth: true, body: changePasswordRequestSchema, response: messageResponseSchema, status: 200, errors: [401, 412],
  },
  sendResetEmail: {
    method: 'POST', path: '/v4/passwordReset', summary: 'Email a single-use password reset link',
    auth: false, body: passwordResetEmailRequestSchema, response: messageResponseSchema, status: 200, errors: [404, 429],
  },
  checkResetToken: {
    method: 'GET', path: '/v4/passwordReset/{token}', summary: 'Check that a reset token is usable',
    auth: false, response: resetTokenStatusSchema, status: 200, errors: [404],
  },
  setNewPassword: {
    method: 'PUT', path: '/v4/passwordReset/{token}', summary: 'Set a new password with a reset token; revokes all sessions',
    auth: false, body: setNewPasswordRequestSchema, response: messageResponseSchema, status: 200, errors: [404],
  },
  countries: {
    method: 'GET', path: '/v4/countries', summary: 'Countries offered at sign-up, with dial codes and phone lengths',
    auth: false, response: countryListSchema, status: 200, errors: [],
  },
} as const satisfies Record<string, RouteContract>;

export type V4RouteId = keyof typeof v4Routes;

/** Fills `{name}` segments, encoding each value. */
export function v4Path(id: V4RouteId, params: Record<string, string> = {}): string {
  return v4Routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
