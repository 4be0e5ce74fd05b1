import { test as base, type Page } from '@playwright/test';
import { expect, waitForHydration } from './fixtures';
import { LANGUAGES, expectPath } from './auth-helpers';

/**
 * The forms are rendered by the server and taken over by react-hook-form on hydration
 * (lib/docs/decisions/forms.md). A visitor faster than the network must not notice: what they
 * typed before the page's script arrived stays, and a submit made meanwhile is held by React and
 * sent through the form's checks once it has.
 *
 * Playwright's own test, not the fixture's: its page.goto waits for hydration, which is held here.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Scripts only: the stylesheets come, so the page is laid out as a visitor sees it.
  await page.route(
    (url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

for (const { locale, prefix, m } of LANGUAGES) {
  base(`login (${locale}): input and a submit made before hydration carry over`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(`${prefix}/login`, { waitUntil: 'domcontentloaded' });

    const email = page.getByLabel(m.fields.email, { exact: true });
    const password = page.getByLabel(m.fields.password, { exact: true });
    await email.fill('someone@example.com');
    await page.getByRole('button', { name: m.login.submit, exact: true }).click();
    // Not hydrated yet: the submit loaded nothing, and nothing was checked.
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    release();

    // The held submit went through the validation: the empty password is reported and focused.
    // The whole page's script arrives at once now: on a busy machine hydration takes a while.
    await expect(password).toBeFocused({ timeout: 30_000 });
    await expect(password).toHaveAccessibleDescription(m.validation.required);
    await expect(email).toHaveValue('someone@example.com');
    await expectPath(page, `${prefix}/login`);
  });
}

base('sign-up: text typed before hydration stays once react-hook-form takes over', async ({ page }) => {
  const { m } = LANGUAGES[0]!;
  const release = await holdScripts(page);
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  const first = page.getByLabel(m.fields.firstName, { exact: true });
  await first.fill('Ada');
  release();

  // Hydrated: a submit is checked in the browser, and the typed name is still there.
  await waitForHydration(page);
  await page.getByRole('button', { name: m.signup.submit, exact: true }).click();
  await expect(page.getByLabel(m.fields.lastName, { exact: true })).toBeFocused();
  await expect(first).toHaveValue('Ada');
});
