import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { AUSTIN, NEW_YORK, param, resultDistances, resultRatings } from './discovery-helpers';

/**
 * /search-listing (SPEC.md section 2, protected): a patient searches a visit reason
 * near a city, filters by insurance, sorts, pages, and opens a provider with the slot picked
 * on the listing. Every filter lives in the URL, so reload and the back button keep it.
 */

const en = LANGUAGES[0].m;

test.describe('search listing', () => {
  // The browser says Austin; the patient searches New York through the location field.
  test.use({ geolocation: AUSTIN, permissions: ['geolocation'] });

  test('visit reason near a city, insurance filter, sort by distance, slot carried to the provider page', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);

    await page.goto('/');
    await expect.poll(() => param(page, 'lat')).toBe(String(AUSTIN.latitude));
    await page.getByRole('combobox', { name: en.search.careLabel }).fill('clean');
    await page
      .getByRole('group', { name: en.search.groups.dentalConditions })
      .getByRole('option', { name: 'Dental cleaning', exact: true })
      .click();
    await expect(page.getByRole('combobox', { name: en.search.careLabel })).toHaveValue('Dental cleaning');
    await page.getByRole('combobox', { name: en.search.locationLabel }).fill('New York');
    await page.getByRole('option', { name: 'New York, NY, USA' }).click();
    await expect.poll(() => Math.round(Number(param(page, 'lat')))).toBe(41);
    await page.getByRole('button', { name: en.search.submit, exact: true }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/search-listing');
    expect(param(page, 'visitReason')).toBe('dental-cleaning');
    expect(Math.round(Number(param(page, 'lng')))).toBe(-74);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dental cleaning');
    await expect(page.getByRole('status').filter({ hasText: /Showing 1–10 of \d+/ })).toBeVisible();

    // Insurance carrier: the first one offered.
    const carrier = page.getByLabel(en.listing.filters.carrier);
    const carrierOption = carrier.locator('option').nth(1);
    const carrierId = await carrierOption.getAttribute('value');
    await carrier.selectOption(carrierId!);
    await expect.poll(() => param(page, 'carrier')).toBe(carrierId);
    await expect(page.getByLabel(en.listing.filters.plan)).toBeVisible();

    // Sort: best rated first, then closest first (the default needs a change to be chosen).
    const sort = page.getByLabel(en.listing.sortLabel);
    await sort.selectOption('ratingDesc');
    await expect.poll(() => param(page, 'sort')).toBe('ratingDesc');
    await expect(page.getByRole('article').first()).toBeVisible();
    const ratings = (await resultRatings(page)).filter((r) => !Number.isNaN(r));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    await sort.selectOption('closest');
    await expect.poll(() => param(page, 'sort')).toBe('closest');
    await expect(page.getByRole('article').first()).toBeVisible();
    const distances = await resultDistances(page);
    expect(distances.length).toBeGreaterThan(1);
    expect(distances.every((d) => !Number.isNaN(d))).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // Reload: everything comes back from the URL.
    const listingUrl = page.url();
    await page.reload();
    expect(page.url()).toBe(listingUrl);
    await expect(page.getByLabel(en.listing.filters.carrier)).toHaveValue(carrierId!);
    await expect(page.getByLabel(en.listing.filters.visitReason)).toHaveValue('dental-cleaning');
    await expect(page.getByLabel(en.listing.sortLabel)).toHaveValue('closest');

    // Back: the previous sort; forward: closest again.
    await page.goBack();
    await expect.poll(() => param(page, 'sort')).toBe('ratingDesc');
    await expect(page.getByLabel(en.listing.sortLabel)).toHaveValue('ratingDesc');
    expect(param(page, 'carrier')).toBe(carrierId);
    await page.goForward();
    await expect.poll(() => param(page, 'sort')).toBe('closest');
    await expect(page.getByLabel(en.listing.sortLabel)).toHaveValue('closest');

    // Pick the first free slot of the first result.
    const firstCard = page.getByRole('article').first();
    const slotList = firstCard.getByRole('list', { name: en.listing.card.nextSlots });
    const slot = slotList.getByRole('link').first();
    const slotText = (await slot.innerText()).trim();
    const href = (await slot.getAttribute('href'))!;
    const target = new URL(href, page.url());
    expect(target.pathname).toMatch(/^\/provider-details\/\d+$/);
    expect(target.searchParams.get('office')).toMatch(/^\d+$/);
    expect(target.searchParams.get('slot')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    await slot.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target.pathname);
    expect(param(page, 'office')).toBe(target.searchParams.get('office'));
    expect(param(page, 'slot')).toBe(target.searchParams.get('slot'));
    // The provider page preselects that slot: its button is pressed.
    const time = /\d{1,2}:\d{2}/.exec(slotText)![0];
    await expect(page.getByRole('button', { pressed: true }).filter({ hasText: time }).first()).toBeVisible();
  });

  test('bad query values are ignored, not an error page', async ({ page, request }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    const response = await page.goto(
      `/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&radius=9999&sort=best&carrier=abc&page=-3&visitType=home&from=2001-01-01`,
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: /Showing 1–10 of/ })).toBeVisible();
    await expect(page.getByLabel(en.listing.sortLabel)).toHaveValue('closest');
  });

  test('without lat and lng in the URL, the location wrapper supplies them', async ({ page, request }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    await page.goto('/search-listing?visitReason=dental-cleaning');
    await expect.poll(() => param(page, 'lat')).toBe(String(AUSTIN.latitude));
    expect(param(page, 'visitReason')).toBe('dental-cleaning');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dental cleaning');
    // Austin has no seeded offices within 25 miles: the empty state, not an error.
    await expect(page.getByText(en.listing.empty.title).or(page.getByRole('article').first())).toBeVisible();
  });

  test('pages through results and switches to dental practices', async ({ page, request }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    await page.goto(`/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}`);
    const pagination = page.getByRole('navigation', { name: en.listing.pagination.label });
    await pagination.getByRole('link', { name: en.listing.pagination.next }).click();
    await expect.poll(() => param(page, 'page')).toBe('2');
    await expect(page.getByRole('status').filter({ hasText: /Showing 11–20 of/ })).toBeVisible();
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

    const kinds = page.getByRole('navigation', { name: en.listing.kindNav });
    await kinds.getByRole('link', { name: en.listing.kinds.clinics }).click();
    await expect.poll(() => param(page, 'kind')).toBe('clinics');
    expect(param(page, 'page')).toBeNull();
    await expect(kinds.getByRole('link', { name: en.listing.kinds.clinics })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel(en.listing.filters.service)).toBeVisible();
  });

  test('no results: says so and offers a wider search', async ({ page, request }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    // The middle of the Atlantic: nobody within 25 miles.
    await page.goto('/search-listing?lat=35&lng=-45');
    await expect(page.getByText(en.listing.empty.title)).toBeVisible();
    await expect(page.getByRole('link', { name: en.listing.empty.widen.replace('{miles}', '50') })).toBeVisible();
  });

  for (const { locale, prefix, m } of LANGUAGES) {
    test(`has no accessibility violations (${locale})`, async ({ page, request }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(
        `${prefix}/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&visitReason=dental-cleaning`,
      );
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        locale === 'es' ? 'Limpieza dental' : 'Dental cleaning',
      );
      await expectAccessibleAndValid(page);
      // The folded filter panel of narrow screens.
      await page.setViewportSize({ width: 390, height: 844 });
      const toggle = page.getByRole('button', { name: new RegExp(`^${m.listing.filters.toggle}`) });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByLabel(m.listing.filters.specialty)).toBeVisible();
      await expectAccessibleAndValid(page);
    });
  }

  test('shows a signed-out visitor the results, and asks for login only to save a favourite', async ({ page }) => {
    await page.goto(`/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/search-listing');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await page
      .getByRole('button', { name: /^Save .* to favorites$/ })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });
});
