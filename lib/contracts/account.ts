import { z } from 'zod';
import './zod-config';

/**
 * Account deletion (SPEC.md sections 4 and 7: `PUT /v4/deleteFadAccount` with the query `consent`,
 * false by default, and an empty body). Without `consent=true` nothing changes (400).
 */
export const ACCOUNT_GRACE_DAYS = 30;

export const deleteAccountQuerySchema = z.strictObject({
  consent: z.enum(['true', 'false'], { error: 'validation.invalid' }).default('false'),
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
