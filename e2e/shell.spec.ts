import en from '../messages/en.json' with { type: 'json' };
import es from '../messages/es.json' with { type: 'json' };
import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The application shell (SPEC.md section 2): header, menus, language picker, footer, dialogs,
 * toasts. Elements are found by role and accessible name, in both languages.
 */
const LANGUAGES = [
  { locale: 'en', prefix: '', m: en },
  { locale: 'es', prefix: '/es', m: es as typeof en },
] as const;

const ACCOUNT_MENU_KEYS = [
  'home',
  'myAccount',
  'favorite',
  'myAppointments',
  'myReviews',
  'myProfile',
  // Not one of the spec's items: the saved cards section of My Profile.
  'savedCards',
  'insurance',
  'familyMembers',
  'changePassword',
  'support',
  'logout',
] as const;
const SMALL_MENU_KEYS = ['favorite', 'myAppointments', 'myReviews', 'myProfile', 'logout'] as const;

async function pathAndQuery(page: Page): Promise<string> {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`shell (${locale})`, () => {
    test.slow();

    test('logged out: header, footer and legal pages are named and pass axe', async ({ page }) => {
      await page.goto(prefix || '/');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: m.shell.homeLink })).toBeVisible();
      await expect(banner.getByRole('link', { name: m.shell.listYourPractice })).toBeVisible();
      await expect(banner.getByRole('link', { name: m.shell.login, exact: true })).toBeVisible();
      await expect(banner.getByRole('link', { name: m.shell.signup, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: m.home.title })).toBeVisible();

      const footer = page.getByRole('contentinfo');
      // The badges' names are their visible words (WCAG 2.5.3): the text reads as words ("Download
      // on the App Store", not "Download on theApp Store") and the name is that text, not a label.
      for (const [name, href] of [
        [m.footer.appStore, /apps\.apple\.com/],
        [m.footer.googlePlay, /play\.google\.com/],
      ] as const) {
        const badge = footer.getByRole('link', { name: `${name} ${m.common.opensInNewTab}`, exact: true });
        await expect(badge).toHaveAttribute('href', href);
        await expect(badge).not.toHaveAttribute('aria-label');
        expect((await badge.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${name} ${m.common.opensInNewTab}`);
      }
      for (const name of Object.values(m.footer.social)) {
        await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('rel', /noopener/);
      }
      await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
      await expectAccessibleAndValid(page);

      await footer.getByRole('link', { name: m.footer.privacy }).click();
      await expect(page.getByRole('heading', { level: 1, name: m.legal.privacy.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(m.legal.privacy.title));
      await expectAccessibleAndValid(page);

      for (const [path, doc] of [
        ['/terms-and-conditions', 'terms'],
        ['/useragreement', 'userAgreement'],
        ['/hippa', 'hipaa'],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await expect(page.getByRole('heading', { level: 1, name: m.legal[doc].title })).toBeVisible();
      }
      await expectAccessibleAndValid(page);
    });

    test('logged out: help menu opens the contact and brochure dialogs', async ({ page }) => {
      await page.goto(prefix || '/');
      await page.getByRole('button', { name: m.shell.help }).click();
      await page.getByRole('menuitem', { name: m.menu.brochure }).click();
      const brochure = page.getByRole('dialog', { name: m.shell.brochureTitle });
      await expect(brochure).toBeVisible();
      await expect(brochure.locator(`iframe[title="${m.shell.brochureFrame}"]`)).toHaveAttribute(
        'src',
        '/brochure.pdf',
      );
      await expectAccessibleAndValid(page);
      await page.keyboard.press('Escape');
      await expect(brochure).toBeHidden();

      await page.getByRole('button', { name: m.shell.help }).click();
      await page.getByRole('menuitem', { name: m.menu.contact }).click();
      const contact = page.getByRole('dialog', { name: m.shell.contactTitle });
      await expect(contact.getByRole('link', { name: 'support@dental-booking.example' })).toBeVisible();
      await expect(contact.getByRole('link', { name: '+1 (800) 555-0199' })).toBeVisible();
      await contact.getByRole('button', { name: m.common.close }).click();
      await expect(contact).toBeHidden();
    });

    test('logged in: account menu in the spec order; logout asks first and Cancel keeps the session', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request, { firstName: 'Ana', lastName: 'Tester' });
      await loginThroughBff(page, patient);
      await page.goto(prefix || '/');

      const nav = page.getByRole('navigation', { name: m.shell.mainNavigation });
      await expect(nav.getByRole('link', { name: m.menu.favorite })).toBeVisible();
      await expect(nav.getByRole('link', { name: m.menu.myAppointments })).toBeVisible();

      await page.getByRole('button', { name: m.shell.accountMenu.replace('{name}', 'Ana Tester') }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toContainText(patient.email);
      await expect(menu).toContainText('New York, NY');
      await expect(menu.getByRole('menuitem')).toHaveText(ACCOUNT_MENU_KEYS.map((key) => m.menu[key]));
      await expect(menu.getByRole('menuitem', { name: m.menu.insurance })).toHaveAttribute(
        'href',
        `${prefix}/account-section?tab=insurance`,
      );
      await expectAccessibleAndValid(page);

      await menu.getByRole('menuitem', { name: m.menu.logout }).click();
      const dialog = page.getByRole('dialog', { name: m.logout.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: m.logout.confirm })).toBeVisible();
      await expectAccessibleAndValid(page);
      await dialog.getByRole('button', { name: m.logout.cancel }).click();
      await expect(dialog).toBeHidden();
      expect((await page.request.get('/api/me')).status()).toBe(200);

      await page.getByRole('button', { name: m.shell.accountMenu.replace('{name}', 'Ana Tester') }).click();
      await page.getByRole('menuitem', { name: m.menu.logout }).click();
      await page.getByRole('dialog', { name: m.logout.title }).getByRole('button', { name: m.logout.confirm }).click();
      await expect.poll(() => pathAndQuery(page)).toBe(`${prefix}/login`);
      expect((await page.request.get('/api/me')).status()).toBe(401);
    });

    test('at 390px the hamburger menu holds the small-screen items', async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(prefix || '/');
      await expect(page.getByRole('navigation', { name: m.shell.mainNavigation })).toBeHidden();
      await page.getByRole('button', { name: m.shell.openMenu }).click();
      await expect(page.getByRole('menuitem')).toHaveText(
        (['signup', 'login', 'listYourPractice', 'contact'] as const).map((key) => m.menu[key]),
      );
      await expectAccessibleAndValid(page);
      await page.keyboard.press('Escape');

      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(prefix || '/');
      await page.getByRole('button', { name: m.shell.openMenu }).click();
      await expect(page.getByRole('menuitem')).toHaveText(SMALL_MENU_KEYS.map((key) => m.menu[key]));
      await expectAccessibleAndValid(page);
    });
  });
}

test('the language picker changes language by plain links that keep path and query, and remembers the choice', async ({
  page,
  context,
}) => {
  // Four page loads and a reload.
  test.slow();
  await page.goto('/privacy-policy?ref=footer');
  await page.getByRole('button', { name: en.shell.language.replace('{language}', 'English') }).click();
  const spanish = page.getByRole('link', { name: 'Español' });
  await expect(spanish).toHaveAttribute('href', '/es/privacy-policy?ref=footer');
  await expect(spanish).toHaveAttribute('hreflang', 'es');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await spanish.click();
  await expect.poll(() => pathAndQuery(page)).toBe('/es/privacy-policy?ref=footer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: es.legal.privacy.title })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('es');

  // From the keyboard: the list opens on its first link; Escape closes it back to the button.
  const picker = page.getByRole('button', { name: es.shell.language.replace('{language}', 'Español') });
  await picker.focus();
  await page.keyboard.press('Enter');
  const english = page.getByRole('link', { name: 'English' });
  await expect(english).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(english).toBeHidden();
  await expect(picker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('href', '/privacy-policy?ref=footer');
  await page.keyboard.press('Enter');
  await expect.poll(() => pathAndQuery(page)).toBe('/privacy-policy?ref=footer');
  await expect(page.getByRole('heading', { level: 1, name: en.legal.privacy.title })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('en');
  expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en.legal.privacy.title })).toBeVisible();
});

test('the first Tab reaches the skip link, which leads to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: en.common.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute('href', '#main');
  await expect(page.locator('main#main')).toHaveCount(1);
});

test('offline shows a persistent error toast until the connection returns', async ({ page, context }) => {
  await page.goto('/es');
  // The location wrapper writes lat/lng into the URL with a client navigation; going offline in the
  // middle of it would turn it into a failed full-page load, so let it settle first.
  await expect(page).toHaveURL(/[?&]lat=/);
  await context.setOffline(true);
  // Next's route announcer also has role alert: look for the one with the offline text.
  const offline = page.getByRole('alert').filter({ hasText: es.offline.message });
  await expect(offline).toBeVisible();
  await context.setOffline(false);
  await expect(offline).toHaveCount(0);
});

test('an unknown path under a public page answers a translated 404', async ({ page }) => {
  const response = await page.goto('/es/hippa/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: es.notFound.title })).toBeVisible();
  await page.getByRole('link', { name: es.notFound.home }).click();
  // The location wrapper may add lat/lng to the home page's query: only the path is ours to check.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/es');
});
