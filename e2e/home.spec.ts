import { expect, expectAccessibleAndValid, test, waitForHydration } from './fixtures';
import { LANGUAGES, homePath } from './auth-helpers';
import { NEW_YORK, nearbyProvider, param, waitForLocationInUrl } from './discovery-helpers';

/**
 * Home and featured search (SPEC.md section 2 "Home"): public pages, no login. The
 * browser shares a position in Manhattan, so the typeahead and the nearby list rank New York.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test.use({ geolocation: NEW_YORK, permissions: ['geolocation'] });

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`home (${locale})`, () => {
    test('a visitor finds a dentist through the typeahead and opens the provider page', async ({ page, request }) => {
      const provider = await nearbyProvider(request);
      await page.goto(homePath(prefix));
      await waitForLocationInUrl(page);
      const careField = page.getByRole('combobox', { name: m.search.careLabel });
      await careField.fill(provider.lastName);
      const dentists = page.getByRole('group', { name: m.search.groups.providers });
      // The provider's name in this language ("Dr." / "Dra."): the page answers in its language.
      const detail = await (
        await request.get(`/v4/providers/${provider.id}`, { headers: { Language: locale === 'es' ? 'sp' : 'en' } })
      ).json();
      const option = dentists.getByRole('option', { name: new RegExp(`^${escapeRegExp(detail.displayName)}`) });
      await expect(option).toBeVisible();
      await option.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/provider-details/${provider.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(detail.displayName);
    });

    test('the typeahead works from the keyboard and announces its suggestions', async ({ page }) => {
      await page.goto(homePath(prefix));
      await waitForLocationInUrl(page);
      const careField = page.getByRole('combobox', { name: m.search.careLabel });
      await careField.focus();
      await page.keyboard.type(locale === 'es' ? 'limpieza' : 'cleaning');
      await expect(page.getByRole('group', { name: m.search.groups.dentalConditions })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /\d/ }).first()).toBeAttached();
      await page.keyboard.press('ArrowDown');
      await expect(careField).toHaveAttribute('aria-activedescendant', /.+/);
      await expectAccessibleAndValid(page);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await expect(careField).not.toHaveValue(locale === 'es' ? 'limpieza' : 'cleaning');
      // Search lists matches near the location, with no login (SPEC.md section 1).
      await page.getByRole('button', { name: m.search.submit, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/search-listing`);
    });

    test('lists top-rated dentists near the location, with no login', async ({ page }) => {
      await page.goto(homePath(prefix));
      await waitForLocationInUrl(page);
      const nearby = page.getByRole('list', { name: m.home.nearbyHeading });
      await expect(nearby.getByRole('article').first()).toBeVisible();
      expect(await nearby.getByRole('article').count()).toBeGreaterThan(0);
      await expect(nearby.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`^${prefix}/provider-details/\\d+`),
      );
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.
    });

    test('a dentist has the same avatar (initial and colour) on the list and on their page, in both languages', async ({
      page,
    }) => {
      await page.goto(homePath(prefix));
      await waitForLocationInUrl(page);
      const card = page.getByRole('list', { name: m.home.nearbyHeading }).getByRole('article').first();
      const drawn = async (avatar: ReturnType<typeof page.locator>) => ({
        // The letter is CSS-drawn from data-initial (components/ui/avatar.tsx): read what is shown.
        initial: await avatar.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, '')),
        colour: await avatar.evaluate((el) => getComputedStyle(el).backgroundColor),
      });
      const onList = await drawn(card.locator('[data-avatar]'));
      expect(onList.initial).toMatch(/^\p{Lu}$/u);
      const href = await card.getByRole('link').first().getAttribute('href');
      const id = /provider-details\/(\d+)/.exec(href ?? '')?.[1];
      // The rule (SPEC.md section 3): the family name's first letter, from the name fields, not
      // from "Dr. ..." / "Dra. ..." (the list showed "C", the page "A").
      const detail = await (await page.request.get(`/v4/providers/${id}`)).json();
      expect(onList.initial).toBe(detail.lastName.trim().charAt(0).toLocaleUpperCase());
      await card.getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await drawn(page.getByRole('main').locator('header [data-avatar]').first())).toEqual(onList);
      // The other language draws the same person the same way.
      const other = prefix ? '' : '/es';
      await page.goto(`${other}/provider-details/${id}`);
      expect(await drawn(page.getByRole('main').locator('header [data-avatar]').first())).toEqual(onList);
    });

    test('choosing a place in the location field moves the nearby list there', async ({ page }) => {
      await page.goto(homePath(prefix));
      await waitForLocationInUrl(page);
      await page.getByRole('combobox', { name: m.search.locationLabel }).fill('Chicago');
      await page
        .getByRole('option', { name: /^Chicago, IL/ })
        .first()
        .click();
      await expect.poll(() => Number(param(page, 'lat'))).toBeGreaterThan(41.5);
      const nearby = page.getByRole('list', { name: m.home.nearbyHeading });
      await expect(nearby).not.toContainText('New York');
      await expect(nearby.getByRole('article').first()).toBeVisible();
    });
  });

  test.describe(`featured search (${locale})`, () => {
    test('shows specialties, visit reasons and top-rated dentists, all leading to the listing', async ({ page }) => {
      await page.goto(`${prefix}/featured-search`);
      await waitForLocationInUrl(page);
      await expect(page.getByRole('heading', { level: 1, name: m.featured.title })).toBeVisible();
      const specialties = page.getByRole('region', { name: m.featured.specialtiesHeading });
      const firstSpecialty = specialties.getByRole('link').first();
      await expect(firstSpecialty).toHaveAttribute(
        'href',
        new RegExp(`^${prefix}/search-listing\\?specialty=[a-z-]+&lat=`),
      );
      const reasons = page.getByRole('region', { name: m.featured.visitReasonsHeading });
      expect(await reasons.getByRole('link').count()).toBeGreaterThan(5);
      const topRated = page.getByRole('list', { name: m.featured.topRatedHeading });
      await expect(topRated.getByRole('article').first()).toBeVisible();
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.
    });
  });
}

test.describe('featured search without a location', () => {
  test.use({ permissions: [] });

  test('asks for nothing on load: a sentence and a button instead of the top-rated list', async ({ page }) => {
    const { m } = LANGUAGES[0];
    await page.goto('/featured-search');
    await waitForHydration(page);
    // No prompt on load (lib/docs/decisions/location-on-gesture.md): the page explains what is missing.
    await expect(page.getByText(m.featured.topRatedNoLocation)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(param(page, 'lat')).toBeNull();
    // The visitor asks; the browser refuses; the wrapper's dialog offers the place search.
    await page.getByRole('button', { name: m.location.useMyLocation }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
