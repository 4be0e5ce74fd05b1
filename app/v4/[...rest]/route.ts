import { dispatchV4 } from '@/lib/backend/api/dispatch';

// Any other /v4 path or method answers in the one error shape (404 or 405), not Next's HTML page.
export const GET = dispatchV4;
export const POST = dispatchV4;
export const PUT = dispatchV4;
export const PATCH = dispatchV4;
export const DELETE = dispatchV4;
