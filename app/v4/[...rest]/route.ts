import { processDispatcher } from '@/lib/backend/api/dispatch';

/*
 * The one route file of the /v4 API: every path and method goes to the dispatcher, whose route
 * table (lib/contracts/routes.ts) is the single source of truth. In production serve.mjs answers
 * /v4 before Next (lib/server/v4-fast-path.ts, same dispatcher); this file serves `next dev`
 * and whatever the fast path leaves to Next (HEAD, OPTIONS, redirected paths).
 */
const dispatch = (request: Request) => processDispatcher()(request);

export const GET = dispatch;
export const POST = dispatch;
export const PUT = dispatch;
export const PATCH = dispatch;
export const DELETE = dispatch;
