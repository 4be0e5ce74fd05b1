import crypto from 'node:crypto';
import {
  STRONG_PASSWORD,
  createPatient,
  expect,
  expectAccessibleAndValid,
  forgetCookies,
  loginThroughBff,
  test,
  uniqueEmail,
} from './fixtures';
import { LANGUAGES, NEW_YORK_SIGN_UP, expectPath, logInWithForm, signUpWithForm } from './auth-helpers';
import { completedVisit } from './around-the-clock-helpers';

/*
 * Visit feedback, in English and Spanish: the office completes a visit, the feedback
 * job emails the patient in the language they booked in, and the patient, logged out, opens the
 * email in /dev/mailbox, follows the link, logs in, comes back to /submit-feedback and leaves a
 * rating and text. It is their review: My Reviews and the provider's page show it, and the link
 * opened again says it is already in.
 */

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`visit feedback (${locale})`, () => {
    test('a patient leaves feedback from the email link while logged out', async ({ page, request }) => {
      const patient = await createPatient(request, { firstName: 'Fede', lastName: 'Feedback' });
      await loginThroughBff(page, patient);
      // Booked in the page's language (the BFF reads x-locale), so the email comes in it.
      await page.context().setExtraHTTPHeaders({ 'x-locale': locale });
      const { appointmentId, providerId } = await completedVisit(page, request);
      await page.context().setExtraHTTPHeaders({});
      const provider = (await (
        await request.get(`/v4/providers/${providerId}`, { headers: { language: locale === 'es' ? 'sp' : 'en' } })
      ).json()) as {
        displayName: string;
        rating: { count: number };
      };

      // Logged out, the patient opens the email (queued as the office completed the visit).
      await forgetCookies(page);
      const email = page
        .getByRole('article')
        .filter({ hasText: patient.email })
        .filter({ hasText: '/submit-feedback?appointment=' });
      await expect
        .poll(
          async () => {
            await page.goto(`${prefix}/dev/mailbox`);
            return email.count();
          },
          { timeout: 20_000, intervals: [500, 1_000] },
        )
        .toBe(1);
      await expect(
        email.getByRole('heading', { name: fill(m.reviews.emailSubject, { provider: provider.displayName }) }),
      ).toBeVisible();
      await email
        .getByRole('link', { name: new RegExp(`${prefix}/submit-feedback\\?appointment=${appointmentId}$`) })
        .click();

      // The spec's rule: a logged-out visitor of submit-feedback logs in and comes back.
      await expectPath(page, `${prefix}/login`);
      await logInWithForm(page, m, patient.email, patient.password);
      await expectPath(page, `${prefix}/submit-feedback`, `?appointment=${appointmentId}`);
      await expect(page.getByRole('heading', { level: 1, name: m.feedback.title })).toBeVisible();
      await expect(page.getByText(provider.displayName, { exact: false }).first()).toBeVisible();
      await expectAccessibleAndValid(page);

      // Checked in the browser first: a rating is needed.
      const text = `Kind and on time ${crypto.randomUUID().slice(0, 6)}`;
      await page.getByLabel(m.reviews.text).fill(text);
      await page.getByRole('button', { name: m.feedback.submit }).click();
      await expect(page.getByText(m.reviews.ratingRequired)).toBeVisible();
      await page.locator('label', { has: page.getByRole('radio', { name: '4' }) }).click();
      await expectAccessibleAndValid(page);
      await page.getByRole('button', { name: m.feedback.submit }).click();
      await expect(page.getByText(m.feedback.submitted)).toBeVisible();
      await expect(page.getByRole('img', { name: fill(m.reviews.ratingOf, { rating: 4 }) })).toBeVisible();
      await expectAccessibleAndValid(page);

      // The link again: already in, nothing counted twice.
      await page.reload();
      await expect(page.getByText(m.feedback.alreadyIn)).toBeVisible();
      await expect(page.getByRole('button', { name: m.feedback.submit })).toHaveCount(0);

      // It is the visit's review: My Reviews lists it, the provider page shows it.
      await page.getByRole('link', { name: m.feedback.editInMyReviews }).click();
      const panel = page.getByRole('region', { name: m.account.tabs.myReviews });
      await expect(panel.getByRole('article').getByText(text)).toBeVisible();
      await page.goto(`${prefix}/provider-details/${providerId}`);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByText(text).count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      const after = (await (await request.get(`/v4/providers/${providerId}`)).json()) as { rating: { count: number } };
      expect(after.rating.count).toBe(provider.rating.count + 1);
    });

    // The sign-up journey is the same form in both languages (e2e/auth.spec.ts): Spanish only here.
    if (locale === 'es') {
      test('a visitor who signs up on the way is told the feedback could not go in, and logs in with the right account', async ({
        page,
        request,
      }) => {
        test.slow();
        const patient = await createPatient(request, { firstName: 'Sara', lastName: 'Signup' });
        await loginThroughBff(page, patient);
        const { appointmentId } = await completedVisit(page, request);
        await forgetCookies(page);

        await page.goto(`${prefix}/submit-feedback?appointment=${appointmentId}`);
        await expectPath(page, `${prefix}/login`);
        await page.getByRole('main').getByRole('link', { name: m.login.signUp, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: m.signup.heading })).toBeVisible();
        const email = uniqueEmail('feedback-signup');
        await signUpWithForm(page, m, { ...NEW_YORK_SIGN_UP, firstName: 'Nueva', lastName: 'Cuenta', email });
        await expect(page.getByText(m.login.registered)).toBeVisible();

        // Logged in with the new account, the saved link is followed; the visit is not this account's.
        await logInWithForm(page, m, email, STRONG_PASSWORD);
        await expectPath(page, `${prefix}/submit-feedback`, `?appointment=${appointmentId}`);
        await expect(page.getByText(m.feedback.signedUpSubmitFailed)).toBeVisible();
        await expect(page.getByRole('button', { name: m.feedback.submit })).toHaveCount(0);
        await expectAccessibleAndValid(page);

        // "Log in to submit it": out, through login with the account that booked, and back to the form.
        await page.getByRole('button', { name: m.feedback.switchAccount }).click();
        await expectPath(page, `${prefix}/login`);
        await logInWithForm(page, m, patient.email, patient.password);
        await expectPath(page, `${prefix}/submit-feedback`, `?appointment=${appointmentId}`);
        await expect(page.getByRole('button', { name: m.feedback.submit })).toBeVisible();
      });
    }
  });
}
