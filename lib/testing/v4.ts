import crypto from 'node:crypto';
import { dispatchV4 } from '../backend/api/dispatch';
import { DEMO_PATIENT } from '../db/seed/seed';
import { signUpBody } from './sign-up-body';

export { signUpBody, TEST_PASSWORD, uniqueEmail } from './sign-up-body';

/* Calls the /v4 API in-process through dispatchV4, exactly as the route files in app/v4 answer. */

export interface V4Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface V4Options {
  /** Serialised as JSON with a JSON content type. */
  body?: unknown;
  /** Sent as is (for malformed or oversized bodies); pair it with `contentType`. */
  rawBody?: string;
  /** `null` sends no content type at all. */
  contentType?: string | null;
  token?: string;
  language?: string;
  /** The client address for throttling; a fresh random one by default, so tests do not share limits. */
  ip?: string;
  headers?: Record<string, string>;
}

export function randomIp(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export function v4Request(method: string, path: string, options: V4Options = {}): Request {
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', options.ip ?? randomIp());
  if (options.token !== undefined) headers.set('x-auth-token', options.token);
  if (options.language) headers.set('language', options.language);
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType =
    options.contentType === undefined ? (body === undefined ? null : 'application/json') : options.contentType;
  if (contentType) headers.set('content-type', contentType);
  return new Request(`http://test${path}`, { method, headers, body });
}

export async function v4(method: string, path: string, options: V4Options = {}): Promise<V4Reply> {
  const response = await dispatchV4(v4Request(method, path, options));
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

/** The profile-update body matching signUpBody's fields (no email, password or terms). */
export function profileBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { email: _e, password: _p, acceptTerms: _t, ...profile } = signUpBody();
  return { ...profile, ...overrides };
}

export async function signUp(overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const reply = await v4('POST', '/v4/patientAppUser', { body });
  if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { email: String(body.email), password: String(body.password), user: reply.body };
}

export async function login(email: string, password: string, options: V4Options = {}) {
  return v4('PUT', '/v4/session', { ...options, body: { email, password } });
}

/** A new patient with a live session. */
export async function signUpAndLogin(overrides: Record<string, unknown> = {}) {
  const account = await signUp(overrides);
  const reply = await login(account.email, account.password);
  if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { ...account, token: String(reply.body.token) };
}

export { DEMO_PATIENT };
