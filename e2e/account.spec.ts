import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test } from './fixtures';
import { LANGUAGES, expectPath, revokeSessionsByReset } from './auth-helpers';

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`account section (${locale})`, () => {
    // Whole journeys with several axe scans and full navigations each: three times the default timeout.
    test.slow();

    test('the profile shows, and an edit saves', async ({ page, request }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section`);
      await expect(page.getByRole('heading', { level: 1, name: m.account.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: m.account.tabs.myProfile })).toHaveAttribute('aria-current', 'page');
      const panel = page.getByRole('region', { name: m.account.tabs.myProfile });
      await expect(panel.getByText(patient.email)).toBeVisible();
      await expectAccessibleAndValid(page);

      await panel.getByRole('button', { name: m.account.profile.edit }).click();
      const firstName = panel.getByLabel(m.fields.firstName, { exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveValue(patient.firstName);
      await expect(panel.getByLabel(m.fields.email, { exact: true })).toHaveCount(0);
      await expectAccessibleAndValid(page);

      // A required field emptied: the error is tied to it and focus goes there.
      const city = panel.getByLabel(m.fields.city, { exact: true });
      await city.fill('   ');
      await panel.getByRole('button', { name: m.account.profile.save }).click();
      await expect(city).toBeFocused();
      // The field's length hint comes first, then the error.
      await expect(city).toHaveAccessibleDescription(new RegExp(`\\. ${m.validation.required}$`));

      await city.fill('Boston');
      await panel.getByLabel(m.fields.state, { exact: true }).fill('MA');
      await panel.getByLabel(m.fields.zip, { exact: true }).fill('02108');
      await panel.getByRole('button', { name: m.account.profile.save }).click();
      await expect(page.getByText(m.account.profile.saved)).toBeVisible();
      await expect(panel.getByRole('button', { name: m.account.profile.edit })).toBeFocused();
      await expect(panel.getByText(/Boston/)).toBeVisible();

      await page.reload();
      await expect(
        page.getByRole('region', { name: m.account.tabs.myProfile }).getByText(/Boston, MA 02108/),
      ).toBeVisible();
    });

    test('change password: a wrong current password is refused, then the change works', async ({ page, request }) => {
      const patient = await createPatient(request);
      const newPassword = 'Fresher2027mint';
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=change-password`);
      await expect(page.getByRole('link', { name: m.account.tabs.changePassword })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expectAccessibleAndValid(page);

      const current = page.getByLabel(m.fields.currentPassword, { exact: true });
      const next = page.getByLabel(m.fields.newPassword, { exact: true });
      const confirm = page.getByLabel(m.fields.confirmNewPassword, { exact: true });
      await current.fill('NotMine2026x');
      await next.fill(newPassword);
      await confirm.fill(newPassword);
      await page.getByRole('button', { name: m.account.changePassword.submit }).click();
      await expect(current).toHaveAccessibleDescription(m.errors.invalidCurrentPassword);
      await expect(current).toBeFocused();
      await expectAccessibleAndValid(page);

      await current.fill(patient.password);
      await page.getByRole('button', { name: m.account.changePassword.submit }).click();
      await expect(page.getByText(m.account.changePassword.success)).toBeVisible();
      await expect(current).toHaveValue('');
      await expect(next).toHaveValue('');

      const oldLogin = await request.put('/v4/session', { data: { email: patient.email, password: patient.password } });
      expect(oldLogin.status()).toBe(401);
      const newLogin = await request.put('/v4/session', { data: { email: patient.email, password: newPassword } });
      expect(newLogin.status()).toBe(200);
    });

    test('tabs are links in the spec order; later sections say they are not available yet', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=my-profile`);
      const nav = page.getByRole('navigation', { name: m.account.navLabel });
      const t = m.account.tabs;
      await expect(nav.getByRole('link')).toHaveText([
        t.myProfile,
        t.insurance,
        t.myFamily,
        t.myReviews,
        t.changePassword,
        t.support,
      ]);

      // Each tab has its own URL (the panels have their own specs: account-area, account-insurance-reviews).
      for (const [key, label] of [
        ['insurance', t.insurance],
        ['my-reviews', t.myReviews],
      ] as const) {
        await nav.getByRole('link', { name: label }).click();
        await expectPath(page, `${prefix}/account-section`, `?tab=${key}`);
        await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      }
      await expectAccessibleAndValid(page);
    });

    test('a session ended elsewhere sends the page, and a form, to login with the expired message', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await revokeSessionsByReset(request, patient.email, 'Second2027pass');
      // The page's own check: the cookie still looks live to the middleware, /v4 says 401.
      await page.goto(`${prefix}/account-section?tab=my-profile`);
      await expectPath(page, `${prefix}/login`, '?expired=1');
      await expect(page.getByText(m.errors.sessionExpired)).toBeVisible();

      // A form submitted after the session ended elsewhere.
      await loginThroughBff(page, { ...patient, password: 'Second2027pass' });
      await page.goto(`${prefix}/account-section?tab=change-password`);
      await revokeSessionsByReset(request, patient.email, 'Third2027pass');
      await page.getByLabel(m.fields.currentPassword, { exact: true }).fill('Second2027pass');
      await page.getByLabel(m.fields.newPassword, { exact: true }).fill('Fourth2027pass');
      await page.getByLabel(m.fields.confirmNewPassword, { exact: true }).fill('Fourth2027pass');
      await page.getByRole('button', { name: m.account.changePassword.submit }).click();
      await expectPath(page, `${prefix}/login`, '?expired=1');
      await expect(page.getByText(m.errors.sessionExpired)).toBeVisible();
    });
  });
}
