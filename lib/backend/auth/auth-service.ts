import 'server-only';
import { SESSION_IDLE_SECONDS, type LoginRequest } from '../../contracts/auth';
import { ApiError } from '../errors';
import { randomToken, sha256, timingDummyHash, verifyPassword } from '../../security/password';
import { userByEmail } from '../users/user-credentials-service';
import {
  findLiveSession,
  insertSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './sessions-repository';
import { deviceNonceFor, issueDeviceToken } from '../../security/device-token';
import { takeLoginAttempt, type LoginClient } from '../throttle/throttle-service';
import { toUserDto } from '../users/user-dto';
import { restoreOnLogin } from '../account/account-restore';
import type { LoginResponse } from '../../contracts/session';

export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
}

/** Writing last_used_at on every request would turn reads into writes; once a minute is enough for a 30-minute idle limit. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Logs in. A client with a valid device token for this account is throttled on that token
 * alone; any other is an untrusted client, throttled per account and per address, so an
 * attacker can exhaust the untrusted budget but not lock the owner out of their own devices
 * (lib/docs/decisions/login-throttling.md).
 */
export async function login(input: LoginRequest, ip: string): Promise<LoginResponse> {
  const deviceNonce = deviceNonceFor(input.deviceToken, input.email);
  const client: LoginClient = deviceNonce ? { deviceNonce } : { email: input.email, ip };
  const attempt = await takeLoginAttempt(client);
  const user = await userByEmail(input.email);
  // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummyHash()));
  if (!user || !ok) {
    await attempt.failed();
    throw new ApiError('wrongCredentials');
  }
  // A deleted account logs in only to be restored, within its grace period.
  let restored: boolean;
  try {
    ({ restored } = await restoreOnLogin(user));
  } catch (error) {
    await attempt.failed();
    throw error;
  }
  await attempt.succeeded();
  const token = randomToken();
  await insertSession(user.id, sha256(token));
  return {
    token,
    deviceToken: issueDeviceToken(input.email),
    session: { user: toUserDto(user), idleTimeoutSeconds: SESSION_IDLE_SECONDS },
    ...(restored ? { accountRestored: true as const } : {}),
  };
}

/** Resolves `x-auth-token` to a live session; expired (30 minutes idle) and revoked tokens answer 401. */
export async function authenticate(token: string | null, now = new Date()): Promise<AuthenticatedSession> {
  if (!token || token.length > 200) throw new ApiError('notAuthorized');
  const session = await findLiveSession(sha256(token));
  if (!session) throw new ApiError('notAuthorized');
  const idleMs = now.getTime() - session.lastUsedAt.getTime();
  if (idleMs > SESSION_IDLE_SECONDS * 1000) {
    await revokeSession(session.id);
    throw new ApiError('sessionExpired');
  }
  if (idleMs > TOUCH_EVERY_MS) await touchSession(session.id, now);
  return { sessionId: session.id, userId: session.userId };
}

export async function logout(session: AuthenticatedSession): Promise<void> {
  await revokeSession(session.sessionId);
}

/** Signs the user out on every device, inside the caller's transaction (account deletion). */
export async function endAllSessions(userId: string): Promise<void> {
  await revokeUserSessions(userId);
}

/** Signs the user out on every other device, keeping this session (a password change). */
export async function endOtherSessions(session: AuthenticatedSession): Promise<void> {
  await revokeOtherSessions(session.userId, session.sessionId);
}
