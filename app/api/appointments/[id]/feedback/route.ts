import { reviewRequestSchema } from '@/lib/contracts/reviews';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// GET /api/appointments/{id}/feedback - /submit-feedback's check (GET /v4/appointments/{id}/feedback)
export const GET = bffRoute({
  auth: true,
  handle: async ({ locale, token, params }) =>
    relay(await callV4('checkFeedback', { locale, token, params: { id: params.id ?? '' } })),
});

// POST /api/appointments/{id}/feedback - save the feedback as the visit's review, once
export const POST = bffRoute({
  auth: true,
  body: reviewRequestSchema,
  handle: async ({ locale, token, params, body }) =>
    relay(await callV4('saveFeedback', { locale, token, params: { id: params.id ?? '' }, body })),
});
