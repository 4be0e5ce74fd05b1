import 'server-only';
import { serverEnv } from '../../config/server-env';
import { ApiError } from '../errors';
import { consumeLimit, type LimitRule } from './rate-limit-repository';

/**
 * Image files one patient may upload per hour (UPLOADS_PER_HOUR, default 30: a booking's five
 * teeth images, a card's two sides and a profile photo several times over). Decoding a 10 MB
 * image costs a core for a second or more, so the budget is taken before any decoding, one point
 * per file, however many requests arrive at once (lib/docs/decisions/uploads-and-images.md).
 */
export function uploadRule(): LimitRule {
  return { name: 'upload-files', points: serverEnv().UPLOADS_PER_HOUR, durationSeconds: 60 * 60 };
}

/** Takes one point per file for the patient; beyond the budget, 429 `tooManyUploads` with Retry-After. */
export async function takeUploadPoints(userId: string, files: number): Promise<void> {
  const rule = uploadRule();
  let state = { consumed: 0, msBeforeNext: 0 };
  for (let i = 0; i < files; i++) state = await consumeLimit(rule, userId);
  if (state.consumed > rule.points) {
    throw new ApiError('tooManyAttempts', 'api.tooManyUploads', {
      retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
    });
  }
}

/** The bytes of images one patient may keep (UPLOAD_QUOTA_MB, default 50). */
export function uploadQuotaBytes(): number {
  return serverEnv().UPLOAD_QUOTA_MB * 1024 * 1024;
}
