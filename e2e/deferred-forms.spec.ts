import { expect, test } from './fixtures';
import { LANGUAGES, expectPath } from './auth-helpers';

/**
 * The auth forms render plain and fetch their validation on the visitor's first reach for them
 * (lib/docs/decisions/public-page-javascript.md, issue 10). A visitor faster than the network must
 * not notice: what they typed, a shown password and a submit made before the validation arrived
 * carry over to the validated form.
 */
for (const { locale, prefix, m } of LANGUAGES) {
  test(`login (${locale}): input and a submit made before the validation arrives carry over`, async ({ page }) => {
    await page.goto(`${prefix}/login`);
    // Hold every chunk fetched from now on until released: the network is slower than the visitor.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetched: string[] = [];
    await page.route('**/_next/static/chunks/**', async (route) => {
      fetched.push(route.request().url());
      await held;
      await route.continue();
    });

    const email = page.getByLabel(m.fields.email, { exact: true });
    const password = page.getByLabel(m.fields.password, { exact: true });
    await email.fill('someone@example.com');
    await page.getByRole('button', { name: m.fields.showPassword }).click();
    await page.getByRole('button', { name: m.login.submit, exact: true }).click();
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
    release();

    // The held submit went through the validation: the empty password is reported and focused.
    await expect(password).toBeFocused();
    await expect(password).toHaveAccessibleDescription(m.validation.required);
    await expect(email).toHaveValue('someone@example.com');
    await expect(password).toHaveAttribute('type', 'text');
    await expectPath(page, `${prefix}/login`);
  });
}

test('home: the plain search form hands what was typed and the focus to the typeahead', async ({ page }) => {
  const { m } = LANGUAGES[0]!;
  await page.goto('/');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const fetched: string[] = [];
  await page.route('**/_next/static/chunks/**', async (route) => {
    fetched.push(route.request().url());
    await held;
    await route.continue();
  });

  const care = page.getByRole('combobox', { name: m.search.careLabel });
  await care.focus();
  await page.keyboard.type('clean');
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
  // Still the plain form: nothing of the typeahead has arrived.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  release();

  // The typeahead took over with the text and the focus, and goes on from there.
  await expect(page.getByRole('group', { name: m.search.groups.dentalConditions })).toBeVisible();
  await expect(care).toHaveValue('clean');
  await expect(care).toBeFocused();
  await page.keyboard.type('ing');
  await expect(care).toHaveValue('cleaning');
});
