import { expect, expectAccessibleAndValid, expectValidHtml, test, watchPageErrors } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import type { Browser, BrowserContext, Page } from '@playwright/test';

/*
 * No page scrolls sideways: on phones (360, 390 and 414 px wide) and on a desktop (1280 px),
 * every route, in English and Spanish, signed out and signed in as the demo patient with the
 * demo data (appointments, family, insurance, cards, favourites). One page load per test: the
 * width changes on the loaded page, which CSS and the page's media queries follow. On the same
 * load, axe audits the page at a phone's width and at a desktop's (what differs between them is
 * the header's menus and the layout; the three phone widths share one layout). The same load
 * checks that the HTML is valid, as the server sent it and, with each audit, as the browser holds it.
 */

const WIDTHS = [360, 390, 414, 1280] as const;
const AUDITED_WIDTHS: readonly number[] = [360, 1280];
const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const DEMO = { email: 'demo.patient@example.com', password: 'DemoPass1' };

/** What the routes need that only the running server knows. */
interface Ids {
  providerId: number;
  officeId: number;
  slot?: string;
  appointments: Partial<Record<'upcoming' | 'past' | 'canceled', string>>;
}

type Route = [name: string, path: (ids: Ids) => string | undefined];

const NEAR = `lat=${NEW_YORK.lat}&lng=${NEW_YORK.lng}`;
const OPEN_ROUTES: Route[] = [
  ['home', () => `/?${NEAR}`],
  ['featured search', () => `/featured-search?${NEAR}`],
  ['search results', () => `/search-listing?${NEAR}`],
  ['search results, practices', () => `/search-listing?${NEAR}&kind=clinics`],
  ['provider page', (ids) => `/provider-details/${ids.providerId}`],
  ['clinic page', (ids) => `/clinic-details/${ids.officeId}`],
  ['list your practice', () => '/list-your-practice'],
  ['chat', () => '/chat'],
  ['privacy policy', () => '/privacy-policy'],
  ['terms', () => '/terms-and-conditions'],
  ['user agreement', () => '/useragreement'],
  ['HIPAA', () => '/hippa'],
];
const SIGNED_OUT_ROUTES: Route[] = [
  ...OPEN_ROUTES,
  ['login', () => '/login'],
  ['sign-up', () => '/signup'],
  ['forgot password', () => '/forgot-password'],
  ['reset link', () => '/reset/not-a-real-token'],
  ['page not found', () => '/hippa/no/such/page'],
];
const SIGNED_IN_ROUTES: Route[] = [
  ...OPEN_ROUTES,
  [
    'booking with a slot chosen',
    (ids) =>
      ids.slot
        ? `/book-new-appointment?${new URLSearchParams({ provider: String(ids.providerId), office: String(ids.officeId), slot: ids.slot })}`
        : undefined,
  ],
  ['appointments, upcoming', () => '/all-appointments'],
  ['appointments, past', () => '/all-appointments?tab=past'],
  ['appointments, canceled', () => '/all-appointments?tab=canceled'],
  [
    'an upcoming appointment',
    (ids) => ids.appointments.upcoming && `/appointment-details/${ids.appointments.upcoming}`,
  ],
  ['a past appointment', (ids) => ids.appointments.past && `/appointment-details/${ids.appointments.past}`],
  ['a canceled appointment', (ids) => ids.appointments.canceled && `/appointment-details/${ids.appointments.canceled}`],
  ['favourites', () => `/favorites?${NEAR}`],
  ...['my-profile', 'insurance', 'my-family', 'my-reviews', 'change-password', 'support'].map((tab): Route => [
    `account, ${tab}`,
    () => `/account-section?tab=${tab}`,
  ]),
];

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

async function signedInState(browser: Browser, baseURL: string): Promise<State> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post('/api/session', { data: DEMO, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  const state = await context.storageState();
  await context.close();
  return state;
}

const widthTest = test.extend<object, { ids: Ids; demoState: State }>({
  // The demo patient logs in once per worker; every signed-in test reuses the cookie.
  demoState: [
    async ({ browser }, use, workerInfo) => use(await signedInState(browser, workerInfo.project.use.baseURL!)),
    { scope: 'worker' },
  ],
  ids: [
    async ({ browser, demoState }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL!, storageState: demoState });
      const { request } = context;
      const providers = (await (await request.get(`/v4/providers?${NEAR}&pageSize=1`)).json()) as {
        items: { id: number; office: { id: number } }[];
      };
      const provider = providers.items[0]!;
      const slots = (await (
        await request.get(`/v4/providers/${provider.id}/slots?officeId=${provider.office.id}`)
      ).json()) as {
        days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
      };
      const appointments: Ids['appointments'] = {};
      for (const tab of ['upcoming', 'past', 'canceled'] as const) {
        const page = (await (await request.get(`/api/appointments?tab=${tab}`)).json()) as { items?: { id: string }[] };
        appointments[tab] = page.items?.[0]?.id;
      }
      await context.close();
      await use({
        providerId: provider.id,
        officeId: provider.office.id,
        slot: slots.days.flatMap((d) => [...d.morning, ...d.afternoon])[0]?.start,
        appointments,
      });
    },
    { scope: 'worker' },
  ],
});
const signedInTest = widthTest.extend({
  storageState: async ({ demoState }, use) => use(demoState),
});

/**
 * Valid HTML as sent and as hydrated, no sideways scrolling at every width, and axe's audit at
 * the audited ones.
 */
async function expectValidFittingAccessible(page: Page, path: string, sent: string): Promise<void> {
  // Two audits with axe's best-practice and experimental rules take most of a test's time; a
  // results page on a busy machine needs more than the default.
  test.slow();
  // The header's user area and other late parts arrive after hydration.
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  // The document as the server sent it; as the browser holds it, the axe audits below check it.
  await expectValidHtml(sent, `${path} as sent`);
  // Both widths' audits run before any fails, so one run names every violation.
  const violations: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 1000 ? 800 : 900 });
    // Two frames: layout and any resize observers settle.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${path} at ${width}px`).toBeLessThanOrEqual(innerWidth);
    if (AUDITED_WIDTHS.includes(width)) {
      await test.step(`axe at ${width}px`, () =>
        expectAccessibleAndValid(page).catch((error: Error) => violations.push(`at ${width}px: ${error.message}`)));
    }
  }
  expect(violations, violations.join('\n')).toEqual([]);
}

for (const { locale, prefix } of LANGUAGES) {
  test.describe(`no sideways scrolling, no axe violations (${locale})`, () => {
    for (const [name, route] of SIGNED_OUT_ROUTES) {
      widthTest(`signed out: ${name}`, async ({ page, ids }) => {
        const path = `${prefix}${route(ids)}`;
        const errors = watchPageErrors(page);
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(500);
        await expectValidFittingAccessible(page, path, await response!.text());
        expect(errors, `${path}: the browser's console`).toEqual([]);
      });
    }
    for (const [name, route] of SIGNED_IN_ROUTES) {
      signedInTest(`signed in: ${name}`, async ({ page, ids }) => {
        const bare = route(ids);
        // The demo patient always has each kind of appointment, and the provider a free slot.
        expect(bare, `${name}: the demo data has this page`).toBeTruthy();
        const path = `${prefix}${bare}`;
        const errors = watchPageErrors(page);
        const response = await page.goto(path);
        expect(response?.status(), path).toBeLessThan(500);
        expect(new URL(page.url()).pathname, `${path} stays signed in`).not.toMatch(/\/login$/);
        await expectValidFittingAccessible(page, path, await response!.text());
        expect(errors, `${path}: the browser's console`).toEqual([]);
      });
    }
  });
}
