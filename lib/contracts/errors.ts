import { z } from 'zod';
import './zod-config';

/** Every /v4 and BFF error body (STYLE.md habit 7). The UI maps errorCode to a message key. */
export const ERROR_CODES = [
  'badRequest',
  'wrongCredentials',
  'notAuthorized',
  'sessionExpired',
  'forbidden',
  'notFound',
  'emailTaken',
  'emailNotFound',
  'invalidCurrentPassword',
  'resetTokenInvalid',
  'tooManyAttempts',
  'payloadTooLarge',
  'unsupportedMediaType',
  'methodNotAllowed',
  'uriTooLong',
  'rangeNotSatisfiable',
  'fileTooLarge',
  'tooManyFiles',
  'invalidImageFormat',
  'corruptImage',
  // Booking
  'slotTaken',
  'alreadyBooked',
  'providerUnavailable',
  'newPatientsNotAccepted',
  'teledentalUnavailable',
  'paymentRequired',
  'paymentDeclined',
  'paymentSuspicious',
  'paymentCooldown',
  'paymentDuplicate',
  'invalidCard',
  'paymentUnavailable',
  'notCancelable',
  'notReschedulable',
  'invalidTransition',
  'idempotencyKeyReused',
  // Reviews
  'notReviewable',
  'alreadyReviewed',
  // Practice listing requests
  'practiceRequestExists',
  // Uploads: the object store did not answer
  'storageUnavailable',
  // Uploads: a patient's storage quota is used up; the server's image processing is saturated
  'storageQuotaExceeded',
  'uploadsBusy',
  // Earlier-slot waitlist
  'earlierSlotUnavailable',
  // Booking limits and payment holds (lib/docs/decisions/payments.md)
  'bookingLimitReached',
  'bookingInProgress',
  'inOfficeUnavailable',
  // The database could not be reached or dropped the connection (a restart): try again shortly.
  'databaseUnavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export const apiErrorSchema = z.object({
  message: z.string(),
  errorCode: z.enum(ERROR_CODES),
  fields: z.array(fieldErrorSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
