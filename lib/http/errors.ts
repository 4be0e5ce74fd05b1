import 'server-only';
import type { ErrorCode } from '../contracts/errors';
import type { MessageKey } from '../i18n/message-keys';

const STATUS: Record<ErrorCode, number> = {
  badRequest: 400,
  wrongCredentials: 401,
  notAuthorized: 401,
  sessionExpired: 401,
  forbidden: 403,
  notFound: 404,
  emailTaken: 412,
  emailNotFound: 404,
  invalidCurrentPassword: 412,
  resetTokenInvalid: 404,
  tooManyAttempts: 429,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  methodNotAllowed: 405,
  uriTooLong: 414,
  rangeNotSatisfiable: 416,
  fileTooLarge: 413,
  tooManyFiles: 400,
  invalidImageFormat: 415,
  corruptImage: 400,
  // Conflicts with the state of things (taken slot, double booking, a move the status forbids): 409.
  slotTaken: 409,
  alreadyBooked: 409,
  providerUnavailable: 409,
  // Business preconditions, as emailTaken (lib/docs/decisions/status-codes.md): 412.
  newPatientsNotAccepted: 412,
  teledentalUnavailable: 412,
  paymentRequired: 400,
  // The card was refused: 402 Payment Required (no Retry-After semantics, unlike 429).
  paymentDeclined: 402,
  paymentSuspicious: 402,
  paymentCooldown: 402,
  paymentDuplicate: 409,
  invalidCard: 402,
  paymentUnavailable: 503,
  notCancelable: 409,
  notReschedulable: 409,
  invalidTransition: 409,
  idempotencyKeyReused: 409,
  notReviewable: 409,
  alreadyReviewed: 409,
  practiceRequestExists: 409,
  // The image store (S3) failed or timed out: nothing was stored or changed, try again.
  storageUnavailable: 503,
  // The patient's images fill their quota: the upload is too large for what is left.
  storageQuotaExceeded: 413,
  // Every image-processing slot and the queue behind them are taken: try again (Retry-After).
  uploadsBusy: 503,
  earlierSlotUnavailable: 409,
  // Too many upcoming appointments (a count, not a rate: no Retry-After), and a booking of the
  // same key whose payment is still being settled.
  bookingLimitReached: 409,
  bookingInProgress: 409,
  inOfficeUnavailable: 412,
  // The database restarted or cannot be reached: a moment's outage, answered with Retry-After.
  databaseUnavailable: 503,
  internal: 500,
};

/** A field's message key, and the values its message names (the limit a too-long value broke). */
export interface FieldMessage {
  path: string;
  message: string;
  values?: Record<string, number>;
}

/**
 * The one error class of the server (STYLE.md habit 7, after dub's `DubApiError`), used by the
 * /v4 backend and the BFF alike. `messageKey` is a key in messages/*.json, translated per request.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly errorCode: ErrorCode,
    readonly messageKey: MessageKey = `api.${errorCode}`,
    readonly extra: { fields?: FieldMessage[]; retryAfterSeconds?: number } = {},
  ) {
    super(errorCode);
    this.status = STATUS[errorCode];
  }
}
