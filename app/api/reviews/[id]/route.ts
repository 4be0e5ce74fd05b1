import { reviewRequestSchema } from '@/lib/contracts/reviews';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// PUT /api/reviews/{id} - edit one of the patient's reviews (another patient's id answers 404)
export const PUT = bffRoute({
  auth: true,
  body: reviewRequestSchema,
  handle: async ({ token, locale, params, body }) =>
    relay(await callV4('updateReview', { token, locale, params: { id: params.id ?? '' }, body })),
});

// DELETE /api/reviews/{id}
export const DELETE = bffRoute({
  auth: true,
  handle: async ({ token, locale, params }) =>
    relay(await callV4('deleteReview', { token, locale, params: { id: params.id ?? '' } })),
});
