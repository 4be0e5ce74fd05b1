import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, headlessShellPath } from '../lib/testing/chromium';

/**
 * End-to-end tests run the production build (`npm start`) on a fresh data directory, in
 * Debian's headless Chromium. Playwright never downloads a browser here (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const chromium = headlessShellPath();

export default defineConfig({
  testDir: '.',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  // Three on two cores: with the headless shell's lighter pages, three ran the suite in 6.3 min
  // against 7.4 with two (in the full browser a third was slower). E2E_WORKERS tries another count.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry: a test that passes only on retry is reported as flaky in the summary line (and
  // the list above it), so flakes stay visible without one slow moment failing the whole run.
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recorded on the retry of a failed test, not for every test: tracing screenshots and
    // snapshots every action, which cost about a tenth of the suite's time on two cores.
    trace: 'on-first-retry',
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // The location wrapper asks for the browser's position on most pages and blocks them with a
    // dialog without one: every spec gets Austin, TX, and specs about refusal take it away
    // (e2e/location.spec.ts).
    geolocation: { latitude: 30.2672, longitude: -97.7431 },
    permissions: ['geolocation'],
    launchOptions: {
      executablePath: chromium || undefined,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // All the suite's browsers share one address: sign-ups per address are raised from 10 an hour.
    command: `rm -rf .data-e2e && DATA_DIR=.data-e2e PORT=${PORT} DEV_MAILBOX=1 SESSION_SECRET=e2e-secret-e2e-secret-e2e-secret-0001 SIGNUPS_PER_ADDRESS_PER_HOUR=10000 npm start`,
    cwd: '..',
    url: `http://localhost:${PORT}/v4/countries`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
