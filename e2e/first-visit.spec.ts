import { createPatient, expect, loginThroughBff, test } from './fixtures';
import { LANGUAGES, expectPath, logInWithForm, revokeSessionsByReset } from './auth-helpers';
import { NEW_YORK, param } from './discovery-helpers';

/*
 * What a first-time visitor meets (SPEC.md section 1: "Browsing and search need no login.
 * Booking requires login and a profile"): search without an account, login asked only when
 * booking, a URL that keeps its language, a favicon, and a lost session that comes back to the
 * page after login.
 */

const en = LANGUAGES[0].m;
const es = LANGUAGES[1].m;

test.describe('a first visit', () => {
  test.use({
    geolocation: { latitude: NEW_YORK.latitude, longitude: NEW_YORK.longitude },
    permissions: ['geolocation'],
  });

  test('a signed-out visitor searches, filters, pages, opens a provider and picks a slot, and only then is asked to log in', async ({
    page,
    request,
  }) => {
    // Several pages, a sign-up and a login: more than one test's usual time on a busy machine.
    test.slow();
    await page.goto('/');
    await expect.poll(() => param(page, 'lat'), { timeout: 30_000 }).not.toBeNull();
    await page.getByRole('combobox', { name: en.search.careLabel }).fill('clean');
    await page
      .getByRole('group', { name: en.search.groups.dentalConditions })
      .getByRole('option', { name: 'Dental cleaning', exact: true })
      .click();
    await page.getByRole('button', { name: en.search.submit, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search-listing');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Showing 1–10 of \d+/ })).toBeVisible();

    // A filter and a sort, as anyone may.
    await page.getByLabel(en.listing.sortLabel).selectOption('ratingDesc');
    await expect.poll(() => param(page, 'sort')).toBe('ratingDesc');
    const carrier = page.getByLabel(en.listing.filters.carrier);
    const carrierId = await carrier.locator('option').nth(1).getAttribute('value');
    await carrier.selectOption(carrierId!);
    await expect.poll(() => param(page, 'carrier')).toBe(carrierId);
    await expect(page.getByRole('article').first()).toBeVisible();
    await carrier.selectOption('');
    await expect.poll(() => param(page, 'carrier')).toBeNull();

    // The next page of results, and the practices tab.
    const pagination = page.getByRole('navigation', { name: en.listing.pagination.label });
    await pagination.getByRole('link', { name: en.listing.pagination.next }).click();
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await page
      .getByRole('navigation', { name: en.listing.kindNav })
      .getByRole('link', { name: en.listing.kinds.clinics })
      .click();
    await expect.poll(() => param(page, 'kind')).toBe('clinics');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goBack();
    await expect.poll(() => param(page, 'kind')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/search-listing');

    // A provider, then a slot: still no login asked.
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/provider-details\/\d+$/);
    const picker = page.getByRole('complementary', { name: en.slots.heading });
    const periods = picker.getByRole('group', { name: new RegExp(`^(${en.slots.morning}|${en.slots.afternoon})$`) });
    await periods.first().getByRole('button').first().click();
    const book = picker.getByRole('link', { name: en.slots.book });
    const bookingHref = (await book.getAttribute('href'))!;
    await book.click();
    // Booking asks for login, and after it the visitor is back at the chosen slot.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    const patient = await createPatient(request);
    await logInWithForm(page, en, patient.email, patient.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/book-new-appointment');
    expect(new URL(page.url()).searchParams.get('slot')).toBe(
      new URL(bookingHref, page.url()).searchParams.get('slot'),
    );
  });
});

test('after a visit to a Spanish page, English URLs serve English with a 200', async ({ page }) => {
  // Five page loads, each waiting for hydration.
  test.slow();
  await page.goto('/es/privacy-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  for (const path of ['/privacy-policy', '/login', '/hippa']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(response?.request().redirectedFrom(), `${path} was not redirected`).toBeNull();
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  // And the other way round: a Spanish URL stays Spanish after English pages.
  const response = await page.goto('/es/login');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('button', { name: es.login.submit, exact: true })).toBeVisible();
});

test('/favicon.ico answers with an icon', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

for (const { locale, prefix, m } of LANGUAGES) {
  test(`(${locale}) a session gone on the server leads to login and back to the same page`, async ({
    page,
    request,
  }) => {
    test.slow();
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    await revokeSessionsByReset(request, patient.email, 'Second2027pass');
    await page.goto(`${prefix}/all-appointments?tab=past`);
    await expectPath(page, `${prefix}/login`, '?expired=1');
    await expect(page.getByText(m.errors.sessionExpired)).toBeVisible();
    await logInWithForm(page, m, patient.email, 'Second2027pass');
    await expectPath(page, `${prefix}/all-appointments`, '?tab=past');
  });
}
