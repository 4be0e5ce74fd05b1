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
