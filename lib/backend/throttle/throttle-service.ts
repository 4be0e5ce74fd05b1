import 'server-only';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import { clearLimit, consumeLimit, peekLimit, type LimitRule, type LimitState } from './rate-limit-repository';

/**
 * Every limit of the authentication endpoints, with rate-limiter-flexible's PostgreSQL store
 * behind the repository. Numbers and reasons: lib/docs/decisions/login-throttling.md.
 */
export const LIMITS = {
  // Log in, clients without a valid device token for the account ("untrusted", OWASP's device
  // cookie scheme): slowed after 5 failures in 15 minutes, blocked for a day after 20 in a day.
  loginUntrustedSlow: { name: 'login-untrusted', points: 5, durationSeconds: 15 * 60 },
  loginUntrustedBlock: {
    name: 'login-untrusted-day', points: 20, durationSeconds: 24 * 60 * 60, blockSeconds: 24 * 60 * 60,
  },
  // Log in with a valid device token: that device's own budget; a device token that fails this
  // often is itself blocked for an hour.
  loginDevice: { name: 'login-device', points: 10, durationSeconds: 15 * 60, blockSeconds: 60 * 60 },
  // Guesses across many accounts from one address (untrusted clients only).
  loginIp: { name: 'login-ip', points: 30, durationSeconds: 15 * 60 },
  // Wrong current passwords on change-password, like login.
  passwordAccount: { name: 'password-account', points: 5, durationSeconds: 15 * 60 },
  passwordIp: { name: 'password-ip', points: 30, durationSeconds: 15 * 60 },
  // Sign-up and reset requests, found or not, so neither can enumerate accounts quickly. The
  // sign-up figure is SIGNUPS_PER_ADDRESS_PER_HOUR (default 10; see signUpRule).
  signUpIp: { name: 'signup-ip', points: 10, durationSeconds: 60 * 60 },
  resetEmail: { name: 'reset-email', points: 5, durationSeconds: 60 * 60 },
  resetIp: { name: 'reset-ip', points: 20, durationSeconds: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

function tooMany(msBeforeNext: number): ApiError {
  return new ApiError('tooManyAttempts', 'api.tooManyAttempts', {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

/** 429 when any of the keys has used its budget; Retry-After is when the last of them frees up. */
async function assertUnder(checks: [LimitRule, string][]): Promise<void> {
  const states = await Promise.all(checks.map(([rule, key]) => peekLimit(rule, key)));
  const waits = states.filter((s, i) => s.consumed >= checks[i]![0].points).map((s) => s.msBeforeNext);
  if (waits.length) throw tooMany(Math.max(...waits));
}

async function consumeAll(checks: [LimitRule, string][]): Promise<LimitState[]> {
  return Promise.all(checks.map(([rule, key]) => consumeLimit(rule, key)));
}

/** Who is logging in: a device that logged in to this account before, or an untrusted client. */
export type LoginClient = { deviceNonce: string } | { email: string; ip: string };

function loginChecks(client: LoginClient): [LimitRule, string][] {
  if ('deviceNonce' in client) return [[LIMITS.loginDevice, client.deviceNonce]];
  return [
    [LIMITS.loginUntrustedSlow, client.email],
    [LIMITS.loginUntrustedBlock, client.email],
    [LIMITS.loginIp, client.ip],
  ];
}

/** Refuses the attempt before the password is even checked, right or wrong. */
export async function assertLoginAllowed(client: LoginClient): Promise<void> {
  await assertUnder(loginChecks(client));
}

export async function recordLoginFailure(client: LoginClient): Promise<void> {
  await consumeAll(loginChecks(client));
}

/**
 * The owner got in: the account's (or the device's) failures are forgiven. The address's are
 * not: anyone with an account of their own could otherwise log into it every 29 guesses.
 */
/**
 * A completed password reset proves control of the account's email: the failures of untrusted
 * clients on it are forgiven, so an owner on a new device is not kept out by an attacker's block.
 */
export async function forgiveUntrustedLogins(email: string): Promise<void> {
  await Promise.all([clearLimit(LIMITS.loginUntrustedSlow, email), clearLimit(LIMITS.loginUntrustedBlock, email)]);
}

export async function recordLoginSuccess(client: LoginClient): Promise<void> {
  if ('deviceNonce' in client) await clearLimit(LIMITS.loginDevice, client.deviceNonce);
  else await Promise.all([clearLimit(LIMITS.loginUntrustedSlow, client.email), clearLimit(LIMITS.loginUntrustedBlock, client.email)]);
}

const passwordChecks = (userId: string, ip: string): [LimitRule, string][] => [
  [LIMITS.passwordAccount, userId],
  [LIMITS.passwordIp, ip],
];

export async function assertPasswordChangeAllowed(userId: string, ip: string): Promise<void> {
  await assertUnder(passwordChecks(userId, ip));
}

export async function recordWrongCurrentPassword(userId: string, ip: string): Promise<void> {
  await consumeAll(passwordChecks(userId, ip));
}

export async function clearWrongCurrentPasswords(userId: string): Promise<void> {
  await clearLimit(LIMITS.passwordAccount, userId);
}

/**
 * Counts a request against each key and refuses it once one is over its budget (the request
 * that uses the last point still passes). For requests that are limited whatever their outcome.
 */
async function takeRequest(checks: [LimitRule, string][]): Promise<void> {
  const states = await consumeAll(checks);
  const waits = states.filter((s, i) => s.consumed > checks[i]![0].points).map((s) => s.msBeforeNext);
  if (waits.length) throw tooMany(Math.max(...waits));
}

export function signUpRule(): LimitRule {
  return { ...LIMITS.signUpIp, points: serverEnv().SIGNUPS_PER_ADDRESS_PER_HOUR };
}

export async function takeSignUpRequest(ip: string): Promise<void> {
  await takeRequest([[signUpRule(), ip]]);
}

export async function takeResetRequest(email: string, ip: string): Promise<void> {
  await takeRequest([
    [LIMITS.resetEmail, email],
    [LIMITS.resetIp, ip],
  ]);
}
