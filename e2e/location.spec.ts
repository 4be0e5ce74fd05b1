import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test, waitForHydration } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { bookableSlot, bookingPath } from './booking-helpers';
import type { Page } from '@playwright/test';

/**
 * The location wrapper (SPEC.md sections 2 and 4) on the home page, which asks for the position
 * only when the visitor presses "Use my location" or has already allowed it
 * (lib/docs/decisions/location-on-gesture.md). The maps provider is the embedded gazetteer, so
 * every answer is known in advance (Austin, TX is at 30.3005, -97.7522).
 */

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

function param(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

test.describe('location wrapper', () => {
  test.describe('with the browser position allowed', () => {
    test.use({ geolocation: AUSTIN, permissions: ['geolocation'] });

    test('writes lat and lng into the URL and keeps the other parameters', async ({ page }) => {
      await page.goto('/?ref=newsletter');
      await expect.poll(() => param(page, 'lat')).toBe('30.2672');
      expect(param(page, 'lng')).toBe('-97.7431');
      expect(param(page, 'ref')).toBe('newsletter');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('follows lat and lng changed by navigation, and puts them back when a URL lacks them', async ({ page }) => {
      await page.goto('/');
      await expect.poll(() => param(page, 'lat')).toBe('30.2672');
      // Next.js keeps its router in step with the History API, as with a client-side link.
      await page.evaluate(() => window.history.pushState(null, '', '/?lat=40.4168&lng=-3.7038'));
      await page.waitForTimeout(500);
      expect(param(page, 'lat')).toBe('40.4168');
      await page.evaluate(() => window.history.pushState(null, '', '/?page=2'));
      await expect.poll(() => param(page, 'lat')).toBe('40.4168');
      expect(param(page, 'lng')).toBe('-3.7038');
      expect(param(page, 'page')).toBe('2');
    });

    test('a shared link keeps its own lat and lng', async ({ page }) => {
      await page.goto('/?lat=40.4168&lng=-3.7038');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Give the browser position time to arrive: it must not replace the link's.
      await page.waitForTimeout(1000);
      expect(param(page, 'lat')).toBe('40.4168');
      expect(param(page, 'lng')).toBe('-3.7038');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });

  test.describe('on load, with no decision yet', () => {
    test.use({ permissions: [] });

    test('the home page asks for nothing until the visitor presses "Use my location"', async ({ page }) => {
      // Counts the page's requests for a position (Lighthouse's geolocation-on-start).
      await page.addInitScript(() => {
        const geolocation = navigator.geolocation;
        const original = geolocation.getCurrentPosition.bind(geolocation);
        (window as unknown as { geoCalls: number }).geoCalls = 0;
        geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
          (window as unknown as { geoCalls: number }).geoCalls++;
          return original(...args);
        };
      });
      const { m } = LANGUAGES[0];
      await page.goto('/');
      await waitForHydration(page);
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls)).toBe(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByText(m.home.nearbyNoLocation)).toBeVisible();
      await expectAccessibleAndValid(page);

      await page.getByRole('button', { name: m.location.useMyLocation }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { geoCalls: number }).geoCalls)).toBe(1);
      // Refused (no permission): the wrapper's dialog offers the place search instead.
      await expect(page.getByRole('dialog', { name: m.location.LOCATION_MODAL_INSTRUCTION_TWO })).toBeVisible();
    });
  });

  test.describe('when the permission changes', () => {
    test.use({ permissions: [] });

    test('granting it later closes the dialog and uses the browser position', async ({ page, context }) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('button', { name: LANGUAGES[0].m.location.useMyLocation }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await context.setGeolocation({ latitude: 40.4168, longitude: -3.7038 });
      await context.grantPermissions(['geolocation']);
      await expect(dialog).toBeHidden();
      await expect.poll(() => param(page, 'lat')).toBe('40.4168');
      expect(param(page, 'lng')).toBe('-3.7038');
    });
  });

  for (const { locale, prefix, m } of LANGUAGES) {
    test.describe(`without a position (${locale})`, () => {
      // No permission granted: the browser refuses, as when a visitor blocks location.
      test.use({ permissions: [] });

      test('a refused position opens a dialog that asks for a place and steps aside; the chosen one goes into the URL', async ({
        page,
      }) => {
        await page.goto(`${prefix || '/'}?tab=1`);
        await waitForHydration(page);
        const useMine = page.getByRole('button', { name: m.location.useMyLocation });
        await useMine.click();
        const dialog = page.getByRole('dialog', { name: m.location.LOCATION_MODAL_INSTRUCTION_TWO });
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAccessibleDescription(m.location.LOCATION_REQUIRED_TEXT);
        await expectAccessibleAndValid(page);

        // It can be closed, with its button and with Escape, and the page says how to set a place.
        await dialog.getByRole('button', { name: m.common.close }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(m.home.nearbyNoLocation)).toBeVisible();
        await useMine.click();
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(useMine).toBeVisible();
        await useMine.click();
        await expect(dialog).toBeVisible();

        const search = dialog.getByRole('combobox', { name: m.location.searchLabel });
        await expect(search).toBeFocused();
        await search.fill('Austin');
        const country = locale === 'es' ? 'Estados Unidos' : 'USA';
        const austin = page.getByRole('option', { name: `Austin, TX, ${country}`, exact: true });
        await expect(austin).toBeVisible();
        await expect(search).toHaveAttribute('aria-expanded', 'true');
        await expectAccessibleAndValid(page);

        // Whether or not the first suggestion starts active, Down then Up lands on it.
        await search.press('ArrowDown');
        await search.press('ArrowUp');
        await expect(search).toHaveAttribute('aria-activedescendant', (await austin.getAttribute('id'))!);
        await search.press('Enter');

        await expect(dialog).toBeHidden();
        await expect.poll(() => param(page, 'lat')).toBe('30.3005');
        expect(param(page, 'lng')).toBe('-97.7522');
        expect(param(page, 'tab')).toBe('1');
      });

      test('clicking away closes the tray and clears the text; a ZIP code can be chosen with the mouse', async ({
        page,
      }) => {
        await page.goto(prefix || '/');
        await waitForHydration(page);
        await page.getByRole('button', { name: m.location.useMyLocation }).click();
        const dialog = page.getByRole('dialog', { name: m.location.LOCATION_MODAL_INSTRUCTION_TWO });
        const search = dialog.getByRole('combobox', { name: m.location.searchLabel });
        await search.fill('Austin');
        await expect(page.getByRole('option').first()).toBeVisible();

        await dialog.getByText(m.location.LOCATION_REQUIRED_TEXT).click();
        await expect(page.getByRole('option')).toHaveCount(0);
        await expect(search).toHaveValue('');

        await search.fill('10001');
        await page.getByRole('option', { name: /^New York, NY 10001, / }).click();
        await expect(dialog).toBeHidden();
        await expect.poll(() => param(page, 'lat')).toBe('40.7484');
        expect(param(page, 'lng')).toBe('-73.9967');
      });
    });
  }

  test.describe('only where a location drives the page', () => {
    // No position from the browser: the dialog opens wherever the wrapper asks on its own.
    test.use({ permissions: [] });
    const { m } = LANGUAGES[0];

    test('the search listing asks; the dialog closes with Escape, the page offers a place search, and the place is remembered', async ({
      page,
    }) => {
      // Five page loads with server-rendered results.
      test.slow();
      await page.goto('/search-listing');
      const dialog = page.getByRole('dialog', { name: m.location.LOCATION_MODAL_INSTRUCTION_TWO });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      const main = page.getByRole('main');
      await expect(main.getByText(m.listing.location.needed)).toBeVisible();
      // A city with demo dentists, so the results show.
      await main.getByRole('combobox', { name: m.location.searchLabel }).fill('Houston');
      await page.getByRole('option', { name: 'Houston, TX, USA', exact: true }).click();
      await expect.poll(() => param(page, 'lat')).toBeTruthy();
      const lat = param(page, 'lat');
      await expect(main.getByRole('article').first()).toBeVisible();

      await page.reload();
      await expect(main.getByRole('article').first()).toBeVisible();
      expect(param(page, 'lat')).toBe(lat);
      // A later visit with no place in the URL starts from the remembered one, rendered by the
      // server: the place is then only written into the address, with no second render (a
      // navigation of the router would fetch the page again), and the page keeps one <title>.
      const navigations: string[] = [];
      page.on('request', (request) => {
        const headers = request.headers();
        if (headers.rsc === '1' && headers['next-router-prefetch'] !== '1') navigations.push(request.url());
      });
      await page.goto('/search-listing?kind=clinics');
      await expect(main.getByRole('article').first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect.poll(() => param(page, 'lat')).toBe(lat);
      expect(param(page, 'kind')).toBe('clinics');
      await page.goto('/');
      await expect.poll(() => param(page, 'lat')).toBe(lat);
      await expect(page.getByText(m.home.nearbyNoLocation)).toHaveCount(0);
      await page.waitForTimeout(500);
      expect(navigations).toEqual([]);
      await expect(page.locator('head > title')).toHaveCount(1);
    });

    test('never appears on the booking, appointments, favourites and account pages', async ({ page, request }) => {
      test.slow();
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      const slot = await bookableSlot(request, 7);
      for (const path of [
        bookingPath('', slot),
        '/all-appointments',
        '/favorites',
        '/account-section',
        '/es/account-section?tab=insurance',
      ]) {
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForTimeout(500);
        await expect(page.getByRole('dialog'), path).toHaveCount(0);
      }
    });
  });
});
