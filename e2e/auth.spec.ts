import { createPatient, expect, expectAccessibleAndValid, STRONG_PASSWORD, test, uniqueEmail } from './fixtures';
import { LANGUAGES, NEW_YORK_SIGN_UP, expectPath, homePath, logInWithForm, signUpWithForm } from './auth-helpers';

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`auth screens (${locale})`, () => {
    // Whole journeys with several axe scans and full navigations each: three times the default timeout.
    test.slow();

    test('sign up through the form, land on login with a toast, then log in', async ({ page }) => {
      const email = uniqueEmail('signup');
      await page.goto(`${prefix}/signup`);
      await expect(page.getByRole('heading', { level: 1, name: m.signup.heading })).toBeVisible();
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.

      await signUpWithForm(page, m, {
        ...NEW_YORK_SIGN_UP,
        firstName: 'Lucía',
        lastName: 'Pérez',
        email,
        suite: 'Apt 4B',
      });

      // The one-shot ?registered=1 is removed from the address once the toast shows.
      await expect(page.getByText(m.login.registered)).toBeVisible();
      await expectPath(page, `${prefix}/login`);
      await expectAccessibleAndValid(page);

      await logInWithForm(page, m, email, STRONG_PASSWORD);
      await expectPath(page, homePath(prefix));
    });

    test('sign-up errors are tied to their fields and focus the first one', async ({ page, request }) => {
      await page.goto(`${prefix}/signup`);
      await page.getByRole('button', { name: m.signup.submit, exact: true }).click();

      const firstName = page.getByLabel(m.fields.firstName, { exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAttribute('aria-invalid', 'true');
      // The field's length hint comes first, then the error.
      await expect(firstName).toHaveAccessibleDescription(new RegExp(`\\. ${m.validation.required}$`));
      await expect(page.getByRole('main').getByRole('checkbox')).toHaveAccessibleDescription(
        m.validation.termsRequired,
      );
      await expectAccessibleAndValid(page);

      await page.getByLabel(m.fields.dateOfBirth, { exact: true }).fill(`${new Date().getFullYear() - 10}-01-01`);
      await page.getByLabel(m.fields.password, { exact: true }).fill('weakpass');
      await page.getByLabel(m.fields.confirmPassword, { exact: true }).fill('different');
      await page.getByLabel(m.fields.phoneNumber, { exact: true }).fill('12345678901');
      await page.getByRole('button', { name: m.signup.submit, exact: true }).click();
      await expect(page.getByLabel(m.fields.dateOfBirth, { exact: true })).toHaveAccessibleDescription(
        new RegExp(m.validation.minAge),
      );
      await expect(page.getByLabel(m.fields.password, { exact: true })).toHaveAccessibleDescription(
        new RegExp(m.validation.passwordWeak.replace('.', '\\.')),
      );
      await expect(page.getByLabel(m.fields.confirmPassword, { exact: true })).toHaveAccessibleDescription(
        m.validation.passwordMismatch,
      );
      await expect(page.getByLabel(m.fields.phoneNumber, { exact: true })).toHaveAccessibleDescription(
        new RegExp(m.validation.phoneInvalid),
      );

      // An email that already has an account: the server's answer lands on the email field.
      const existing = await createPatient(request);
      // The phone country is left as the form has it.
      await signUpWithForm(page, m, {
        firstName: 'Ana',
        lastName: 'Tester',
        email: existing.email,
        phoneNumber: '2125550199',
        gender: 'preferNotToSay',
        dateOfBirth: '1985-12-01',
        streetAddress: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        country: 'US',
        password: STRONG_PASSWORD,
      });
      const emailField = page.getByLabel(m.fields.email, { exact: true });
      await expect(emailField).toHaveAccessibleDescription(m.errors.emailTaken);
      await expect(emailField).toBeFocused();
    });

    test('a protected page sends a logged-out visitor to login, and back after logging in', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await page.goto(`${prefix}/account-section?tab=change-password`);
      await expectPath(page, `${prefix}/login`);
      await expect(page.getByRole('heading', { level: 1, name: m.login.heading })).toBeVisible();

      await logInWithForm(page, m, patient.email, patient.password);
      await expectPath(page, `${prefix}/account-section`, '?tab=change-password');
      await expect(page.getByRole('heading', { level: 2, name: m.account.tabs.changePassword })).toBeVisible();
    });

    test('a wrong password shows the invalid-credentials message', async ({ page, request }) => {
      const patient = await createPatient(request);
      await page.goto(`${prefix}/login`);
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.
      await logInWithForm(page, m, patient.email, 'Wrong2026pass');
      await expect(page.getByRole('alert').filter({ hasText: m.errors.invalidCredentials })).toBeVisible();
      await expectPath(page, `${prefix}/login`);
      await expectAccessibleAndValid(page);

      // Show/hide toggle: a pressed toggle reveals the typed password.
      const password = page.getByLabel(m.fields.password, { exact: true });
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: m.fields.showPassword }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await expect(page.getByRole('button', { name: m.fields.showPassword })).toHaveAttribute('aria-pressed', 'true');
    });

    test('an empty login focuses the email field; offline, the form says so', async ({ page, context }) => {
      await page.goto(`${prefix}/login`);
      await page.getByRole('button', { name: m.login.submit, exact: true }).click();
      const email = page.getByLabel(m.fields.email, { exact: true });
      await expect(email).toBeFocused();
      await expect(email).toHaveAccessibleDescription(m.validation.required);

      await email.fill('someone@example.com');
      await page.getByLabel(m.fields.password, { exact: true }).fill(STRONG_PASSWORD);
      await context.setOffline(true);
      await page.getByRole('button', { name: m.login.submit, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: m.errors.offline })).toBeVisible();
      await context.setOffline(false);
    });

    test('an expired session is announced on the login page', async ({ page }) => {
      await page.goto(`${prefix}/login?expired=1`);
      await expect(page.getByText(m.errors.sessionExpired)).toBeVisible();
    });

    test('forgot password, follow the emailed link, set a new password, log in with it', async ({ page, request }) => {
      const patient = await createPatient(request);
      const newPassword = 'Brighter2027night';

      await page.goto(`${prefix}/forgot-password`);
      // The loaded page's axe audit, at a phone's width and a desktop's: e2e/page-widths.spec.ts.
      await page.getByRole('link', { name: m.forgotPassword.backToLogin }).waitFor();
      await page.getByLabel(m.fields.email, { exact: true }).fill(patient.email);
      await page.getByRole('button', { name: m.forgotPassword.submit, exact: true }).click();
      await expect(page.getByText(m.forgotPassword.sent)).toBeVisible();
      await expect(page.getByText(m.forgotPassword.checkMailbox)).toBeVisible();
      await expectAccessibleAndValid(page);

      await page.goto(`${prefix}/dev/mailbox`);
      await expect(page.getByRole('heading', { level: 1, name: m.mailbox.heading })).toBeVisible();
      await expectAccessibleAndValid(page);
      const email = page.getByRole('article').filter({ hasText: patient.email }).first();
      await email.getByRole('link').first().click();

      await expect(page.getByRole('heading', { level: 1, name: m.resetPassword.heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${prefix}/reset/[A-Za-z0-9_-]{43}$`));
      const resetUrl = page.url();
      await expectAccessibleAndValid(page);

      // Mismatch first: the confirmation is checked in the browser.
      await page.getByLabel(m.fields.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(m.fields.confirmNewPassword, { exact: true }).fill('Something1else');
      await page.getByRole('button', { name: m.resetPassword.submit, exact: true }).click();
      await expect(page.getByLabel(m.fields.confirmNewPassword, { exact: true })).toHaveAccessibleDescription(
        m.validation.passwordMismatch,
      );

      await page.getByLabel(m.fields.confirmNewPassword, { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: m.resetPassword.submit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: m.resetPassword.congratsHeading })).toBeVisible();
      await expectAccessibleAndValid(page);

      // The link is single-use.
      await page.goto(resetUrl);
      await expect(page.getByRole('heading', { level: 1, name: m.resetPassword.errorHeading })).toBeVisible();

      await page.goto(`${prefix}/login`);
      await logInWithForm(page, m, patient.email, patient.password);
      await expect(page.getByRole('alert').filter({ hasText: m.errors.invalidCredentials })).toBeVisible();
      await logInWithForm(page, m, patient.email, newPassword);
      await expectPath(page, homePath(prefix));
    });

    test('an unknown email is reported on the forgot-password field', async ({ page }) => {
      await page.goto(`${prefix}/forgot-password`);
      await page.getByLabel(m.fields.email, { exact: true }).fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: m.forgotPassword.submit, exact: true }).click();
      const field = page.getByLabel(m.fields.email, { exact: true });
      await expect(field).toHaveAccessibleDescription(m.errors.emailNotFound);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    });

    test('an invalid or expired reset link shows the error screen', async ({ page }) => {
      for (const token of ['A'.repeat(43), 'not-a-token']) {
        await page.goto(`${prefix}/reset/${token}`);
        await expect(page.getByRole('heading', { level: 1, name: m.resetPassword.errorHeading })).toBeVisible();
        await expect(page.getByText(m.resetPassword.errorText)).toBeVisible();
        await expect(page.getByRole('link', { name: m.resetPassword.requestNew })).toHaveAttribute(
          'href',
          `${prefix}/forgot-password`,
        );
      }
      await expectAccessibleAndValid(page);
    });
  });
}
