import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { HtmlValidate } from 'html-validate';

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

/**
 * Zero axe-core violations for WCAG 2.0/2.1/2.2 A and AA rules, and valid HTML, in the page's
 * state at the call (a dialog or menu open, a form showing its errors): what axe audits is also
 * the document the validator reads.
 */
export async function expectAccessibleAndValid(page: Page): Promise<void> {
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
  await expectValidHtml(await page.content(), `${page.url()} as the browser holds it`, { live: true });
}

// The standard preset holds a document to the HTML standard (content models, nesting,
// attributes and their values, duplicate ids) and leaves out the style rules, which would only
// argue with how React writes its markup (`<meta/>`, `charSet`, `async=""`).
const htmlValidator = new HtmlValidate({ extends: ['html-validate:standard'] });

/**
 * Markup the framework writes, not the app, each known and left as it is:
 * - React's guard on a form whose action is a function (the forms that keep a submit made before
 *   hydration, components/ui/submit-before-hydration.ts): `action="javascript:throw …"`, whose
 *   spaces a strict URL check refuses.
 * - Next's bare document for a page that calls `notFound()` (an unknown provider or clinic, or a
 *   path no page claims): `<html id="__next_error__">` with no `lang`, the translated 404 then
 *   rendered in the browser. Next serves its own fallback there rather than the page's layout
 *   (https://github.com/vercel/next.js/issues/62228, open).
 * - In the live document only: a second `<title>` after a navigation made while the page was
 *   still hydrating its metadata (the location written into the URL on arrival, for one). The new
 *   title goes first, so the document's title is right; the server's stays behind
 *   (https://github.com/vercel/next.js/issues/97472, open).
 */
function isFrameworkMarkup(m: { ruleId: string; message: string; selector: string | null }, live: boolean): boolean {
  if (m.ruleId === 'attribute-allowed-values' && m.message.includes('React form unexpectedly submitted')) return true;
  if (m.ruleId === 'element-required-attributes' && m.selector === '#__next_error__' && m.message.includes('"lang"'))
    return true;
  return live && m.ruleId === 'element-permitted-occurrences' && m.message.includes('<title>');
}

/**
 * Valid HTML: `html` is a whole document, as the server sent it or, `live`, as the browser holds
 * it (client-rendered parts are only in the latter). Every error is named, with where.
 */
export async function expectValidHtml(html: string, what: string, { live = false } = {}): Promise<void> {
  const report = await htmlValidator.validateString(html);
  const errors = report.results.flatMap((result) =>
    result.messages
      .filter((m) => !isFrameworkMarkup(m, live))
      .map((m) => `${m.ruleId} at ${m.line}:${m.column} (${m.selector ?? 'document'}): ${m.message}`),
  );
  expect(errors, `${what}:\n${errors.join('\n')}`).toEqual([]);
}

/**
 * What a person would never see but a broken page shows in its console: uncaught exceptions and
 * errors React logs, such as a hydration mismatch, which production builds report only there.
 * Call before the page loads; read the list at the end.
 */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A not-found page's own 404 is the browser noting the document's status, not an error of it.
    if (message.text().startsWith('Failed to load resource') && message.location().url === page.url()) return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return errors;
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
