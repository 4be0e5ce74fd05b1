import { z } from 'zod';
import './zod-config';

/**
 * Account deletion (SPEC.md sections 4 and 7: `PUT /v4/deleteFadAccount` with the query `consent`,
 * false by default, and an empty body). Without `consent=true` nothing changes (400).
 */
export const ACCOUNT_GRACE_DAYS = 30;

export const deleteAccountQuerySchema = z.strictObject({
  // The spec's default (false) refuses the deletion, so the only accepted value is stated as required.
  consent: z
    .literal('true', { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
    .describe('Must be true: explicit consent to delete the account (absent or false changes nothing and answers 400)'),
});
export type DeleteAccountQuery = z.output<typeof deleteAccountQuerySchema>;

export const deleteAccountResponseSchema = z.object({
  message: z.string(),
  /** How many upcoming appointments were canceled (their refunds follow the 24-hour rule). */
  canceledAppointments: z.number().int(),
  /** Until when logging in restores the account; after it the personal data is removed. */
  restorableUntil: z.string(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
