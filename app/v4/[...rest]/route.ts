import { dispatchV4 } from '@/lib/backend/api/dispatch';

/*
 * The one route file of the /v4 API, in `next dev` and production alike: every path and method
 * goes to the dispatcher, whose route table (lib/contracts/routes.ts) is the single source of
 * truth. HEAD and OPTIONS are exported too, so they follow that table instead of Next's defaults
 * (Next's own OPTIONS would list every method this file exports).
 */
export const GET = dispatchV4;
export const HEAD = dispatchV4;
export const OPTIONS = dispatchV4;
export const POST = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
