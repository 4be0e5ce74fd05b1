import { writeReviewRequestSchema } from '@/lib/contracts/reviews';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/reviews - the patient's reviews and the completed visits awaiting one (GET /v4/reviews)
export const GET = bffRoute({
  auth: true,
  handle: async ({ token, locale }) => relay(await callV4('listMyReviews', { token, locale })),
});

// POST /api/reviews - review a completed appointment (POST /v4/appointments/{id}/review)
export const POST = bffRoute({
  auth: true,
  body: writeReviewRequestSchema,
  handle: async ({ token, locale, body: { appointmentId, ...review } }) =>
    relay(await callV4('writeReview', { token, locale, params: { id: appointmentId }, body: review })),
});
