import type { Instrumentation } from 'next';

/**
 * Next's start-up hook: the production server (lib/custom-server/serve.mjs, which sets APP_JOBS) starts
 * the backend's recurring jobs here, inside Next's bundle, so the backend is loaded once. `next
 * dev`, the build and the tests run no jobs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.APP_JOBS !== '1') return;
  const { startAppJobs, stopAppJobs } = await import('./lib/backend/jobs/app-jobs');
  // serve.mjs stops them on SIGTERM, letting a run under way finish.
  (globalThis as Record<symbol, unknown>)[Symbol.for('dental-booking.stop-app-jobs')] = stopAppJobs;
  void startAppJobs();
}

/**
 * Next's hook for an error thrown while answering (a page render, a route handler, the
 * middleware): logged through the app's logger under the request's id, which the middleware
 * stamped on the request, so a failed page can be found beside the /v4 lines it caused. Route
 * handlers that answer through the app's wrappers have logged their own errors already; what
 * reaches here from them escaped those wrappers.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logRequestError } = await import('./lib/logging/request-errors');
  logRequestError(error, request, context);
};
