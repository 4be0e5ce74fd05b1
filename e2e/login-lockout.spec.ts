import { createPatient, expect, test } from './fixtures';
import { LANGUAGES, expectPath, homePath, logInWithForm } from './auth-helpers';

/*
 * Victim lockout (lib/docs/decisions/login-throttling.md): an attacker who burns an
 * account's budget for unknown clients is refused, while a browser that has logged in to the
 * account before (it holds the httpOnly device cookie) still logs in.
 */
for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`login lockout (${locale})`, () => {
    test.slow();

    test("a browser that logged in before still gets in after an attacker's lockout; the attacker sees the wait", async ({
      page,
      browser,
      baseURL,
    }) => {
      const patient = await createPatient(page.request);

      // The owner logs in with the form once, then logs out: the device cookie stays.
      await page.goto(`${prefix}/login`);
      await logInWithForm(page, m, patient.email, patient.password);
      await expectPath(page, homePath(prefix));
      expect((await page.request.delete('/api/session', { headers: { origin: baseURL! } })).status()).toBe(204);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'device_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(await page.evaluate(() => document.cookie)).not.toContain('device_token');

      // The attacker, in a fresh browser, guesses until the account is closed to unknown clients.
      const attacker = await browser.newContext({ baseURL: baseURL!, locale: locale === 'es' ? 'es-ES' : 'en-US' });
      try {
        for (let i = 0; i < 5; i++) {
          const guess = await attacker.request.post('/api/session', {
            data: { email: patient.email, password: `Guess${i}2026x` },
            headers: { origin: baseURL! },
          });
          expect(guess.status()).toBe(401);
        }
        const attackerPage = await attacker.newPage();
        await attackerPage.goto(`${prefix}/login`);
        await expect(attackerPage.getByRole('heading', { level: 1 })).toBeVisible();
        await logInWithForm(attackerPage, m, patient.email, 'Guess9x2026');
        const wait = m.api.tooManyAttempts.replace('{minutes}', '15');
        await expect(attackerPage.getByRole('alert').filter({ hasText: wait })).toBeVisible();
        const refused = await attacker.request.post('/api/session', {
          data: { email: patient.email, password: patient.password },
          headers: { origin: baseURL! },
        });
        expect(refused.status()).toBe(429);
        expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
      } finally {
        await attacker.close();
      }

      // The owner's browser is not locked out. (Where it lands is the post-login route saved
      // while it was logged out, so the test asks the session, not the address.)
      await page.goto(`${prefix}/login`);
      await logInWithForm(page, m, patient.email, patient.password);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe(`${prefix}/login`);
      expect((await page.request.get('/api/me')).status()).toBe(200);
    });
  });
}
