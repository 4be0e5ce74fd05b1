import { practiceRequestSchema } from '@/lib/contracts/practice-requests';
import { bffRoute, relay } from '@/lib/bff/route';
import { callV4 } from '@/lib/bff/v4-client';

// POST /api/practice-requests - a practice asks to be listed (SPEC.md sections 2 and 3); public
export const POST = bffRoute({
  body: practiceRequestSchema,
  handle: async ({ body, locale, ip }) => relay(await callV4('submitPracticeRequest', { body, locale, clientIp: ip })),
});
