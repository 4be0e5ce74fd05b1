import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export { expect };

let counter = 0;
/** A unique email per call, so parallel tests never share an account (or a login throttle window). */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Sunny2026day';

export interface TestPatient {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a patient through the public /v4 API (the same call the sign-up form makes through the BFF). */
export async function createPatient(
  request: APIRequestContext,
  overrides: Partial<TestPatient> = {},
): Promise<TestPatient> {
  const patient = {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    firstName: 'Ana',
    lastName: 'Tester',
    ...overrides,
  };
  const response = await request.post('/v4/patientAppUser', {
    data: {
      ...patient,
      phoneCountry: 'US',
      phoneNumber: '2125550199',
      gender: 'female',
      dateOfBirth: '1991-03-04',
      streetAddress: '1 Main St',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      country: 'US',
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return patient;
}

/** Logs the browser context in through the BFF, as the login form does (the cookie lands in the context). */
export async function loginThroughBff(page: Page, patient: TestPatient): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/api/session', {
    data: { email: patient.email, password: patient.password },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The browser forgets its session (its cookies go) without logging out on the server. The page
 * is left first: a request of its own still on its way, such as the header's user query, would
 * otherwise come back with the sliding session cookie and put it back.
 */
export async function forgetCookies(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Zero axe-core violations for WCAG 2.0/2.1/2.2 A and AA rules. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Next streams the metadata of dynamic pages after the shell, and after a client navigation
  // the new <title> can land after the new content: audit the settled document, one whose
  // title is set and stays the same for a moment.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const title = document.title;
        setTimeout(() => resolve(title.trim() !== '' && document.title === title), 250);
      }),
  );
  // The best-practice and experimental rules make an audit slower; on a busy machine it gets
  // its own time rather than the rest of the test's.
  test.info().setTimeout(test.info().timeout + 30_000);
  // WCAG 2.2 A and AA, plus axe's best practices and its experimental rules: run by WCAG tags
  // alone, axe leaves out rules tagged `experimental`, such as label-content-name-mismatch
  // (WCAG 2.5.3), and so missed the footer's badges. Legacy mode merges the frames' results in
  // the page itself; the default opens a blank page per audit to merge those of cross-origin
  // frames, which these pages do not have (the brochure's is same-origin), and made each of the
  // suite's hundreds of audits take twice as long. `resultTypes: ['violations']` is axe's own
  // option for speed: every violating node is still reported, while passes and the rest are
  // summarised by one node each instead of all of them (about half of each audit's time).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, summary.join('\n')).toEqual([]);
}

/**
 * Until React has hydrated a server-rendered form, a click or Enter submits it natively and the
 * typed values are gone, so a test that types right after a page load races the page's scripts.
 * A person on a slow phone waits for the page to respond; the tests wait the same way: after
 * every load, until each form and button on the page is one React has taken over.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('form, button')).every((el) =>
        Object.keys(el).some((key) => key.startsWith('__reactFiber$')),
      ),
    );
  } catch (error) {
    // The page moved on by itself (a client-side redirect): the next page is React's already.
    if (!/context was destroyed|navigat/i.test(String(error))) throw error;
  }
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
