import { z } from 'zod';
import './zod-config';
import { requiredText } from './validation';

/**
 * Support requests (SPEC.md sections 3 and 7: `PUT /v4/supportEmail` with `subject` and
 * `message`; the form calls the message "description" and counts its characters left).
 */
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 2000;

// PUT /v4/supportEmail
export const supportRequestSchema = z.strictObject({
  subject: requiredText(SUPPORT_SUBJECT_MAX),
  message: requiredText(SUPPORT_MESSAGE_MAX),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
