import { z } from 'zod';
import './zod-config';
import { appointmentIdSchema } from './appointments';
import { myReviewSchema } from './reviews';

/*
 * Feedback on a completed visit (SPEC.md sections 2 "/submit-feedback", 7 "user
 * feedback (get/save)", 8 "feedback check and save failures"). Saved feedback IS the patient's
 * review of that visit (one row of `reviews`, the one My Reviews lists), so it counts once in the
 * provider's and the office's rating. The save body is the review's (reviewRequestSchema).
 */

// GET /v4/appointments/{id}/feedback (check) and the answer of POST (save)
export const visitFeedbackSchema = z.object({
  appointmentId: appointmentIdSchema,
  providerId: z.number().int(),
  providerName: z.string(),
  officeId: z.number().int(),
  officeName: z.string(),
  start: z.string(),
  /** The office's IANA zone: the visit's time is shown in it. */
  timeZone: z.string(),
  /** Whose visit it was (the patient or a family member). */
  patientName: z.string(),
  /** The review already saved for this visit, if any: then the page shows it instead of the form. */
  review: myReviewSchema.nullable(),
});
export type VisitFeedback = z.infer<typeof visitFeedbackSchema>;

/** `?appointment=` of /submit-feedback, the link the post-visit email carries. */
export const feedbackPageQuerySchema = z.object({ appointment: appointmentIdSchema });
