import 'server-only';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import {
  blockLimit,
  clearLimit,
  consumeLimit,
  refundLimit,
  type LimitRule,
  type LimitState,
} from './rate-limit-repository';
import type { MessageKey } from '../../i18n/message-keys';

/**
 * Every limit of the authentication endpoints, with rate-limiter-flexible's PostgreSQL store
 * behind the repository. Numbers and reasons: lib/docs/decisions/login-throttling.md.
 */
export const LIMITS = {
  // Log in, clients without a valid device token for the account ("untrusted", OWASP's device
  // cookie scheme): slowed after 5 failures in 15 minutes, blocked for a day after 20 in a day.
  loginUntrustedSlow: { name: 'login-untrusted', points: 5, durationSeconds: 15 * 60 },
  loginUntrustedBlock: {
    name: 'login-untrusted-day',
    points: 20,
    durationSeconds: 24 * 60 * 60,
    blockSeconds: 24 * 60 * 60,
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
  // Wrong office API keys from one address; the figure is OFFICE_KEY_FAILURES_PER_ADDRESS
  // (default 20 in 15 minutes; see officeKeyRule).
  officeKeyIp: { name: 'office-key-ip', points: 20, durationSeconds: 15 * 60 },
} as const satisfies Record<string, LimitRule>;

function tooMany(msBeforeNext: number): ApiError {
  return new ApiError('tooManyAttempts', 'api.tooManyAttempts', {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

type Checks = [LimitRule, string][];

/**
 * Takes a point on every key before the costly check (a password hash, a key lookup), so that
 * however many requests arrive at once, no more of them are evaluated than the budget allows:
 * each upsert is atomic and the request that finds its key over budget is refused. A refused
 * request was never evaluated, so it gives its points back (it must not extend a block or push
 * the owner's day budget along).
 */
async function takeAttempt(checks: Checks): Promise<LimitState[]> {
  const states = await Promise.all(checks.map(([rule, key]) => consumeLimit(rule, key)));
  const waits = states.filter((s, i) => s.consumed > checks[i]![0].points).map((s) => s.msBeforeNext);
  if (waits.length) {
    await refundAll(checks);
    throw tooMany(Math.max(...waits));
  }
  return states;
}

async function refundAll(checks: Checks): Promise<void> {
  await Promise.all(checks.map(([rule, key]) => refundLimit(rule, key)));
}

/** A failure that used a rule's last point blocks its key, for rules that block. */
async function blockSpent(checks: Checks, states: LimitState[]): Promise<void> {
  await Promise.all(
    checks.map(([rule, key], i) =>
      rule.blockSeconds && states[i]!.consumed >= rule.points ? blockLimit(rule, key) : undefined,
    ),
  );
}

/** Who is logging in: a device that logged in to this account before, or an untrusted client. */
export type LoginClient = { deviceNonce: string } | { email: string; ip: string };

function loginChecks(client: LoginClient): Checks {
  if ('deviceNonce' in client) return [[LIMITS.loginDevice, client.deviceNonce]];
  return [
    [LIMITS.loginUntrustedSlow, client.email],
    [LIMITS.loginUntrustedBlock, client.email],
    [LIMITS.loginIp, client.ip],
  ];
}

/**
 * One login guess, counted before the password is checked. The rules count failures only, so
 * the caller reports the outcome: `failed()` keeps the points (and blocks a spent key),
 * `succeeded()` forgives the account's or device's failures and gives the address its point
 * back. The address's earlier failures are not forgiven: anyone with an account of their own
 * could otherwise log into it every 29 guesses.
 */
export async function takeLoginAttempt(
  client: LoginClient,
): Promise<{ failed(): Promise<void>; succeeded(): Promise<void> }> {
  const checks = loginChecks(client);
  const states = await takeAttempt(checks);
  return {
    failed: () => blockSpent(checks, states),
    succeeded: async () => {
      if ('deviceNonce' in client) await clearLimit(LIMITS.loginDevice, client.deviceNonce);
      else {
        await Promise.all([
          clearLimit(LIMITS.loginUntrustedSlow, client.email),
          clearLimit(LIMITS.loginUntrustedBlock, client.email),
          refundLimit(LIMITS.loginIp, client.ip),
        ]);
      }
    },
  };
}

/**
 * A completed password reset proves control of the account's email: the failures of untrusted
 * clients on it are forgiven, so an owner on a new device is not kept out by an attacker's block.
 */
export async function forgiveUntrustedLogins(email: string): Promise<void> {
  await Promise.all([clearLimit(LIMITS.loginUntrustedSlow, email), clearLimit(LIMITS.loginUntrustedBlock, email)]);
}

/** A change-password guess, counted before the current password is checked, like login. */
export async function takePasswordChangeAttempt(userId: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
  const checks: Checks = [
    [LIMITS.passwordAccount, userId],
    [LIMITS.passwordIp, ip],
  ];
  await takeAttempt(checks);
  return {
    succeeded: async () => {
      await Promise.all([clearLimit(LIMITS.passwordAccount, userId), refundLimit(LIMITS.passwordIp, ip)]);
    },
  };
}

/**
 * A guess at an office's API key, counted per address before the lookup. Right keys give their
 * point back, so an office's own integration is never slowed by its traffic.
 */
export async function takeOfficeKeyAttempt(ip: string): Promise<{ succeeded(): Promise<void> }> {
  const checks: Checks = [[officeKeyRule(), ip]];
  await takeAttempt(checks);
  return { succeeded: () => refundAll(checks) };
}

export function officeKeyRule(): LimitRule {
  return { ...LIMITS.officeKeyIp, points: serverEnv().OFFICE_KEY_FAILURES_PER_ADDRESS };
}

/**
 * Counts a request against each key and refuses it once one is over its budget (the request
 * that uses the last point still passes). For requests that are limited whatever their outcome.
 */
async function takeRequest(checks: Checks): Promise<void> {
  const states = await Promise.all(checks.map(([rule, key]) => consumeLimit(rule, key)));
  const waits = states.filter((s, i) => s.consumed > checks[i]![0].points).map((s) => s.msBeforeNext);
  if (waits.length) throw tooMany(Math.max(...waits));
}

/**
 * One request of a kind limited whatever its outcome, under a rule of its caller's own (practice
 * requests, assistant messages, support emails): counted against `key`, and refused with 429 and
 * Retry-After once over the rule's budget (the request that uses the last point still passes).
 * `messageKey` words the refusal.
 */
export async function takeLimitedRequest(
  rule: LimitRule,
  key: string,
  messageKey: MessageKey = 'api.tooManyAttempts',
): Promise<void> {
  const state = await consumeLimit(rule, key);
  if (state.consumed > rule.points) {
    throw new ApiError('tooManyAttempts', messageKey, {
      retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    });
  }
}

/**
 * Counts one against `key` and answers whether it stayed within the rule's budget. Never refuses:
 * for limits whose caller skips something quietly rather than failing the request.
 */
export async function consumeWithinLimit(rule: LimitRule, key: string): Promise<boolean> {
  return (await consumeLimit(rule, key)).consumed <= rule.points;
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
