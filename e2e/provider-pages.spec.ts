import { expect, expectAccessibleAndValid, test } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * The provider and clinic pages: complete in the first HTML for search engines
 * (name, address, JSON-LD, hreflang), served from the cache, live slots fetched by the browser,
 * the spec's 404, and the sitemap. Ids come from the API at run time, never hard-coded.
 */

interface ListedSlot {
  start: string;
  officeId: number;
}
interface ListedProvider {
  id: number;
  displayName: string;
  office: { id: number; name: string; addressLine: string; city: string };
  nextSlots: ListedSlot[];
}

async function providerNearNewYork(request: APIRequestContext): Promise<ListedProvider> {
  const response = await request.get('/v4/providers?lat=40.7128&lng=-74.0060&pageSize=20');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: ListedProvider[] };
  const withSlots = items.find((p) => p.nextSlots.length > 0);
  expect(withSlots, 'a provider near New York with free slots').toBeTruthy();
  return withSlots!;
}

async function providerDetail(request: APIRequestContext, id: number, language = 'en') {
  const response = await request.get(`/v4/providers/${id}`, { headers: { Language: language } });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    displayName: string;
    offices: { id: number; name: string; addressLine: string; city: string; state: string }[];
  };
}

/** Text as it appears in HTML (&, <, >, quotes escaped by React). */
function htmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');
}

function jsonLd(html: string): { '@graph': Record<string, unknown>[] }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function slotPicker(page: Page, heading: string) {
  return page.getByRole('complementary', { name: heading });
}

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`provider page (${locale})`, () => {
    test('the HTML, fetched without JavaScript, holds the name, address, JSON-LD and hreflang links, and is cached', async ({
      request,
      baseURL,
    }) => {
      const listed = await providerNearNewYork(request);
      const provider = await providerDetail(request, listed.id, locale === 'es' ? 'sp' : 'en');
      const path = `${prefix}/provider-details/${listed.id}`;
      const first = await request.get(path);
      expect(first.status()).toBe(200);
      const html = await first.text();

      expect(html).toContain(htmlText(provider.displayName));
      const office = provider.offices[0]!;
      expect(html).toContain(htmlText(office.addressLine));
      expect(html).toMatch(new RegExp(`<h1[^>]*>${htmlText(provider.displayName)}</h1>`));
      expect(html).toContain(`<html lang="${locale}"`);

      const [data] = jsonLd(html);
      const graph = data!['@graph'];
      const person = graph.find((node) => String(node['@type']).includes('Person'))!;
      expect(person.name).toBe(provider.displayName);
      const dentists = graph.filter((node) => node['@type'] === 'Dentist');
      expect(dentists).toHaveLength(provider.offices.length);
      expect(dentists[0]).toMatchObject({
        name: office.name,
        address: { '@type': 'PostalAddress', addressLocality: office.city, addressRegion: office.state },
      });
      expect(person.worksFor).toContainEqual({ '@id': dentists[0]!['@id'] });

      const origin = new URL(baseURL!).origin;
      expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`);
      expect(html).toContain(`hrefLang="en" href="${origin}/provider-details/${listed.id}"`);
      expect(html).toContain(`hrefLang="es" href="${origin}/es/provider-details/${listed.id}"`);
      expect(html).toContain(`hrefLang="x-default" href="${origin}/provider-details/${listed.id}"`);
      expect(html).toContain('property="og:title"');

      // Rendered once, then served from Next's cache.
      const second = await request.get(path);
      expect(second.headers()['x-nextjs-cache']).toBe('HIT');
    });

    test('a visitor sees free slots grouped morning and afternoon, and picks one for booking', async ({
      page,
      request,
    }) => {
      const listed = await providerNearNewYork(request);
      await page.goto(`${prefix}/provider-details/${listed.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const picker = slotPicker(page, m.slots.heading);
      await expect(picker.getByRole('group', { name: m.slots.days })).toBeVisible();

      // The first day with free slots shows by default.
      const periods = picker.getByRole('group', { name: new RegExp(`^(${m.slots.morning}|${m.slots.afternoon})$`) });
      await expect(periods.first()).toBeVisible();
      const slot = periods.first().getByRole('button').first();
      await expect(slot).toHaveAttribute('aria-pressed', 'false');
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');

      const book = picker.getByRole('link', { name: m.slots.book });
      const href = new URL((await book.getAttribute('href'))!, 'http://x');
      expect(href.pathname).toBe(`${prefix}/book-new-appointment`);
      expect(href.searchParams.get('provider')).toBe(String(listed.id));
      expect(Number(href.searchParams.get('office'))).toBeGreaterThan(0);
      expect(new Date(href.searchParams.get('slot')!).toISOString()).toBe(href.searchParams.get('slot'));
      await expectAccessibleAndValid(page);

      // The day navigator moves a week on and back.
      await picker.getByRole('button', { name: m.slots.nextDays }).click();
      await expect(picker.getByRole('button', { name: m.slots.previousDays })).toBeEnabled();
      await picker.getByRole('button', { name: m.slots.previousDays }).click();
      await expect(picker.getByRole('button', { name: m.slots.previousDays })).toBeDisabled();
    });

    test('a slot picked on the listing arrives preselected, with its office', async ({ page, request }) => {
      const listed = await providerNearNewYork(request);
      const picked = listed.nextSlots[listed.nextSlots.length - 1]!;
      await page.goto(
        `${prefix}/provider-details/${listed.id}?office=${picked.officeId}&slot=${encodeURIComponent(picked.start)}`,
      );
      const picker = slotPicker(page, m.slots.heading);
      const pressed = picker
        .getByRole('group', { name: new RegExp(`^(${m.slots.morning}|${m.slots.afternoon})$`) })
        .getByRole('button', { pressed: true });
      await expect(pressed).toHaveCount(1);
      const select = picker.getByLabel(m.slots.office);
      if (await select.count()) await expect(select).toHaveValue(String(picked.officeId));
      const href = new URL((await picker.getByRole('link', { name: m.slots.book }).getAttribute('href'))!, 'http://x');
      expect(href.searchParams.get('slot')).toBe(picked.start);
      expect(href.searchParams.get('office')).toBe(String(picked.officeId));
    });

    test("unknown ids and ids of the wrong shape answer 404, a provider with its own message, a clinic with the spec's", async ({
      page,
      request,
    }) => {
      for (const id of ['2147483000', 'abc', '0', '12abc']) {
        const response = await request.get(`${prefix}/provider-details/${id}`);
        expect(response.status(), id).toBe(404);
        // Next 16.3+ sends a 404's page only in the React payload (the HTML body is an empty
        // shell the browser fills in; README "Decisions"): the text is there, as JSON.
        const text = await response.text();
        expect(text).toContain(m.api.providerNotFound);
        expect(text).not.toContain(m.api.officeNotFound.slice(0, 20));
      }
      const response = await page.goto(`${prefix}/provider-details/2147483000`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: m.api.providerNotFound })).toBeVisible();
      await expectAccessibleAndValid(page);
      // Offices keep the spec's message (SPEC.md section 8).
      await page.goto(`${prefix}/clinic-details/2147483000`);
      await expect(page.getByRole('heading', { level: 1, name: m.api.officeNotFound })).toBeVisible();
    });

    test('a provider without reviews says "No reviews yet" once', async ({ page, request }) => {
      const response = await request.get('/v4/providers?lat=40.7128&lng=-74.0060&pageSize=50');
      const { items } = (await response.json()) as { items: { id: number; rating: { count: number } }[] };
      const unreviewed = items.find((p) => p.rating.count === 0);
      expect(unreviewed, 'a seeded provider near New York without reviews').toBeTruthy();
      await page.goto(`${prefix}/provider-details/${unreviewed!.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText(m.provider.noReviews, { exact: true })).toHaveCount(1);
      await expect(
        page.getByRole('region', { name: m.provider.reviews }).getByText(m.provider.noReviews),
      ).toBeVisible();
    });

    test('the clinic page holds its content and JSON-LD, lists its providers, and 404s unknown ids', async ({
      page,
      request,
    }) => {
      const listed = await providerNearNewYork(request);
      const clinicId = listed.office.id;
      const { displayName } = await providerDetail(request, listed.id, locale === 'es' ? 'sp' : 'en');
      const response = await request.get(`${prefix}/clinic-details/${clinicId}`);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(htmlText(listed.office.name));
      expect(html).toContain(htmlText(listed.office.addressLine));
      const dentist = jsonLd(html)[0]!['@graph'].find((node) => node['@type'] === 'Dentist')!;
      expect(dentist).toMatchObject({ name: listed.office.name, address: { addressLocality: listed.office.city } });
      expect(dentist.openingHoursSpecification).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'OpeningHoursSpecification' })]),
      );

      await page.goto(`${prefix}/clinic-details/${clinicId}`);
      await expect(page.getByRole('heading', { level: 1, name: listed.office.name })).toBeVisible();
      const providers = page.getByRole('region', { name: m.clinic.providers });
      await expect(providers.getByRole('link', { name: displayName, exact: true })).toBeVisible();
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.

      await providers.getByRole('link', { name: displayName, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: displayName })).toBeVisible();

      expect((await request.get(`${prefix}/clinic-details/2147483000`)).status()).toBe(404);
      expect((await request.get(`${prefix}/clinic-details/nope`)).status()).toBe(404);
    });
  });
}

test.describe('search engines', () => {
  test('sitemap.xml lists every provider page in both languages, and robots.txt points to it', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toContain('xml');
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const providersFile = files.find((url) => url.endsWith('/sitemaps/providers-1.xml'));
    expect(providersFile).toBeTruthy();
    expect(files.some((url) => url.endsWith('/sitemaps/clinics-1.xml'))).toBe(true);

    const listed = await providerNearNewYork(request);
    const file = await request.get(new URL(providersFile!).pathname);
    expect(file.status()).toBe(200);
    const xml = await file.text();
    expect(xml).toContain(`<loc>${origin}/provider-details/${listed.id}</loc>`);
    expect(xml).toContain(`<loc>${origin}/es/provider-details/${listed.id}</loc>`);
    expect(xml).toContain(`hreflang="es" href="${origin}/es/provider-details/${listed.id}"`);
    expect(xml).toContain(`hreflang="x-default" href="${origin}/provider-details/${listed.id}"`);

    expect((await request.get('/sitemaps/providers-9999.xml')).status()).toBe(404);

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /account-section');
    expect(text).not.toMatch(/Disallow: \/provider-details/);
    expect(text).toContain('Disallow: /reset/');
    // The log-in, sign-up and forgot-password pages are public pages search engines may list
    // (Lighthouse SEO 100), each canonical in its own language.
    expect(text).not.toMatch(/Disallow: (\/es)?\/(login|signup|forgot-password)/);
    // English first: a Spanish page sets the language cookie, which sends unprefixed paths to Spanish.
    for (const path of ['/login', '/forgot-password', '/es/signup']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('noindex');
      // The build renders these pages, on the build's PUBLIC_URL (its default names port 3000).
      expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^/"]+${path}"/>`));
      expect(html, path).toContain('hrefLang="es"');
    }
  });
});

test.describe('without a browser position', () => {
  test.use({ permissions: [] });

  test('the provider page asks for no location and shows no blocking dialog', async ({ page, request }) => {
    const listed = await providerNearNewYork(request);
    await page.goto(`/provider-details/${listed.id}`);
    await expect(page.getByRole('heading', { level: 1, name: listed.displayName })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('lat')).toBeNull();
  });
});
