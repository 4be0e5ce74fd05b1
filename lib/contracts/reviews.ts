import { z } from 'zod';
import './zod-config';
import { appointmentIdSchema } from './appointments';
import { requiredText } from './validation';
import { MAX_PAGE_SIZE, intParam } from './discovery';

/*
 * The patient's own reviews (SPEC.md sections 3, 4 "Review", 7 "reviews (get/edit/
 * delete)"). A review is written for one completed appointment, once; it counts at once in the
 * provider's and the office's rating and review count (the reviews triggers, migration 0001).
 */

export const MAX_REVIEW_TEXT_LENGTH = 2000;

export const reviewIdSchema = z.string().regex(/^[1-9]\d{0,14}$/);
/** `{id}` of /v4/reviews/{id}: an id of another shape is as unknown as someone else's (404). */
export const reviewIdPathSchema = z.strictObject({ id: reviewIdSchema });

// POST /v4/appointments/{id}/review (write) and PUT /v4/reviews/{id} (edit)
export const reviewRequestSchema = z.strictObject({
  rating: z
    .number({ error: 'validation.required' })
    .int('validation.required')
    .min(1, 'validation.required')
    .max(5, 'validation.required'),
  text: requiredText(MAX_REVIEW_TEXT_LENGTH),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const myReviewSchema = z.object({
  id: z.number().int(),
  appointmentId: appointmentIdSchema.nullable(),
  providerId: z.number().int(),
  providerName: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  reviewedAt: z.string(),
  officeResponse: z.object({ text: z.string(), respondedAt: z.string().nullable() }).nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** A completed visit with no review yet: what the patient may review. */
export const reviewableVisitSchema = z.object({
  appointmentId: appointmentIdSchema,
  providerId: z.number().int(),
  providerName: z.string(),
  officeName: z.string(),
  start: z.string(),
  /** Whose visit it was (the patient or a family member). */
  patientName: z.string(),
});
export type ReviewableVisit = z.infer<typeof reviewableVisitSchema>;

// GET /v4/reviews - the patient's reviews (newest first) and the completed visits awaiting one
export const myReviewsSchema = z.object({
  reviews: z.array(myReviewSchema),
  awaitingReview: z.array(reviewableVisitSchema),
});
export type MyReviews = z.infer<typeof myReviewsSchema>;

/** The web app's POST /api/reviews: the review and the appointment it is about (/v4 takes the id in the path). */
export const writeReviewRequestSchema = reviewRequestSchema.extend({
  appointmentId: z.uuid({ error: 'validation.invalid' }),
});
export type WriteReviewRequest = z.infer<typeof writeReviewRequestSchema>;

// ---- Reviews on provider and clinic pages ----
export const reviewSchema = z.object({
  id: z.number().int(),
  patientDisplayName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  reviewedAt: z.string(),
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  officeResponse: z.object({ text: z.string(), respondedAt: z.string().nullable() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

// GET /v4/providers/{id}/reviews and /v4/clinics/{id}/reviews
export const reviewListQuerySchema = z.strictObject({
  page: intParam(1, 10_000).optional(),
  pageSize: intParam(1, MAX_PAGE_SIZE).optional(),
});

export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
