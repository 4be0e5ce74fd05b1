import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import { NEW_YORK, nearbyProvider } from './discovery-helpers';

/**
 * Favourites (SPEC.md sections 2 and 6): the heart on result cards and profile
 * pages, and /favorites (protected) with its saved providers and practices.
 */

const en = LANGUAGES[0].m;
const listing = `/search-listing?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}`;

test.use({ geolocation: NEW_YORK, permissions: ['geolocation'] });

test('a saved dentist and practice survive a reload and can be removed', async ({ page, request }) => {
  const patient = await createPatient(request);
  await loginThroughBff(page, patient);

  await page.goto(listing);
  const firstCard = page.getByRole('article').first();
  const heart = firstCard.getByRole('button', { name: /^Save .+ to favorites$/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const providerName = (await heart.getAttribute('aria-label'))!.replace(/^Save (.+) to favorites$/, '$1');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: `${providerName} was saved to your favorites.` }),
  ).toBeVisible();

  await page.goto(`${listing}&kind=clinics`);
  const clinicHeart = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Save .+ to favorites$/ });
  const clinicName = (await clinicHeart.getAttribute('aria-label'))!.replace(/^Save (.+) to favorites$/, '$1');
  await clinicHeart.click();
  await expect(clinicHeart).toHaveAttribute('aria-pressed', 'true');

  // Stored on the server: a reload shows both hearts pressed from the first paint.
  await page.goto(listing);
  await expect(page.getByRole('button', { name: `Save ${providerName} to favorites` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: en.favorites.title })).toBeVisible();
  const dentists = page.getByRole('region', { name: new RegExp(`^${en.favorites.providersHeading}`) });
  const practices = page.getByRole('region', { name: new RegExp(`^${en.favorites.clinicsHeading}`) });
  await expect(dentists.getByRole('heading', { level: 3, name: new RegExp(providerName) })).toBeVisible();
  await expect(practices.getByRole('heading', { level: 3, name: clinicName })).toBeVisible();
  await expectAccessibleAndValid(page);

  await page.reload();
  await expect(dentists.getByRole('heading', { level: 3, name: new RegExp(providerName) })).toBeVisible();

  await dentists.getByRole('button', { name: `Remove ${providerName} from favorites` }).click();
  await expect(dentists.getByRole('heading', { level: 3 })).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: `${providerName} was removed from your favorites.` }),
  ).toBeVisible();
  await practices.getByRole('button', { name: `Remove ${clinicName} from favorites` }).click();
  await expect(practices.getByRole('heading', { level: 3 })).toHaveCount(0);
  // The list updates optimistically; wait for the server's answer before reloading.
  await expect(
    page.getByRole('status').filter({ hasText: `${clinicName} was removed from your favorites.` }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: en.favorites.emptyTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: en.favorites.emptyCta })).toHaveAttribute('href', /^\/search-listing/);
});

test('a failed save rolls back with an error message', async ({ page, request }) => {
  const patient = await createPatient(request);
  await loginThroughBff(page, patient);
  await page.goto(listing);
  await page.route('**/api/favorites/providers/*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'x', errorCode: 'internal' }),
    }),
  );
  const heart = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Save .+ to favorites$/ });
  await heart.click();
  await expect(page.getByRole('alert').filter({ hasText: en.favorites.toggleFailed })).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor who presses a heart is asked to log in and comes back to the page', async ({ page, request }) => {
  const provider = await nearbyProvider(request);
  const patient = await createPatient(request);
  await page.goto(`/provider-details/${provider.id}`);
  const heart = page.getByRole('button', { name: /^Save .+ to favorites$/ }).first();
  await heart.click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await page.getByLabel(en.fields.email, { exact: true }).fill(patient.email);
  await page.getByLabel(en.fields.password, { exact: true }).fill(patient.password);
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/provider-details/${provider.id}`);
});

for (const { locale, prefix, m } of LANGUAGES) {
  test(`the empty favorites page is accessible (${locale})`, async ({ page, request }) => {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    await page.goto(`${prefix}/favorites`);
    await expect(page.getByRole('heading', { name: m.favorites.emptyTitle })).toBeVisible();
    await expectAccessibleAndValid(page);
  });
}

test('asks a visitor to log in first', async ({ page }) => {
  await page.goto('/favorites');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
});
