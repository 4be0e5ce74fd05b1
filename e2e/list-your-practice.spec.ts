import { expect, expectAccessibleAndValid, test, uniqueEmail } from './fixtures';
import { LANGUAGES } from './auth-helpers';

/** A valid NPI nobody else sends: nine random digits and the Luhn check digit over 80840 + those nine. */
function freshNpi(): string {
  const base = `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const digits = `80840${base}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

for (const { locale, prefix, m } of LANGUAGES) {
  test.describe(`list your practice (${locale})`, () => {
    test.slow();

    test('a practice owner sends a request, logged out; a bad NPI is refused first; the mailbox shows both emails', async ({
      page,
    }) => {
      const practiceName = `Sonrisas ${Date.now().toString(36)}`;
      const practiceEmail = uniqueEmail('practice');
      await page.goto(`${prefix}/list-your-practice`);
      await expect(page.getByRole('heading', { level: 1, name: m.practice.heading })).toBeVisible();
      for (const claim of Object.values(m.practice.claims))
        await expect(page.getByText(claim, { exact: true })).toBeVisible();
      // The header variant of this route: a home icon and the language picker, no "list your practice" link.
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: m.shell.home, exact: true })).toBeVisible();
      await expect(header.getByRole('link', { name: m.shell.listYourPractice, exact: true })).toHaveCount(0);
      await expectAccessibleAndValid(page);

      const main = page.getByRole('main');
      await main.getByLabel(m.practice.practiceName, { exact: true }).fill(practiceName);
      const phone = main.getByRole('group', { name: m.practice.phone, exact: true });
      await phone.getByLabel(m.fields.phoneCountry, { exact: true }).selectOption('US');
      await phone.getByLabel(m.fields.phoneNumber, { exact: true }).fill('512 555 0142');
      await main.getByLabel(m.practice.website, { exact: true }).fill('www.sonrisas.example');
      await main.getByLabel(m.practice.email, { exact: true }).fill(practiceEmail);
      await main.getByLabel(m.practice.address, { exact: true }).fill('700 Congress Ave, Austin, TX 78701');
      await main.getByLabel(m.practice.suite, { exact: true }).fill('Suite 300');
      await main.getByLabel(m.practice.contactName, { exact: true }).fill('Rosa Díaz');
      await main.getByLabel(m.practice.practiceType, { exact: true }).selectOption('solePractitioner');
      await main.getByLabel(m.practice.providerFirstName, { exact: true }).fill('Elena');
      await main.getByLabel(m.practice.providerLastName, { exact: true }).fill('Ramírez');
      const mobile = main.getByRole('group', { name: m.practice.mobile, exact: true });
      await mobile.getByLabel(m.fields.phoneCountry, { exact: true }).selectOption('MX');
      await mobile.getByLabel(m.fields.phoneNumber, { exact: true }).fill('55 1234 5678');
      await main.getByLabel(m.practice.providerEmail, { exact: true }).fill(uniqueEmail('provider'));
      const npi = main.getByLabel(m.practice.npi, { exact: true });
      await npi.fill('1234567890');
      await main.getByRole('group', { name: m.practice.specialties }).getByRole('checkbox').first().check();
      await main.getByRole('radio', { name: m.practice.no, exact: true }).check();

      await main.getByRole('button', { name: m.practice.submit, exact: true }).click();
      await expect(main.getByText(m.validation.npiInvalid)).toBeVisible();
      await expect(npi).toBeFocused();
      await expect(npi).toHaveAttribute('aria-invalid', 'true');
      await expectAccessibleAndValid(page);

      await npi.fill('12345');
      await main.getByRole('button', { name: m.practice.submit, exact: true }).click();
      await expect(main.getByText(m.validation.npiLength)).toBeVisible();

      await npi.fill(freshNpi());
      await main.getByRole('button', { name: m.practice.submit, exact: true }).click();
      await expect(main.getByRole('status').filter({ hasText: m.api.practiceRequestReceived })).toBeVisible();
      await expect(main.getByRole('heading', { name: m.practice.sentHeading })).toBeVisible();
      await expectAccessibleAndValid(page);

      await page.goto(`${prefix}/dev/mailbox`);
      await expect(page.getByRole('heading', { level: 1, name: m.mailbox.heading })).toBeVisible();
      const ack = page.getByRole('article').filter({ hasText: practiceEmail });
      await expect(ack.getByRole('heading', { name: m.api.practiceAckEmailSubject })).toBeVisible();
      const team = page
        .getByRole('article')
        .filter({ hasText: 'practices@dental-booking.local' })
        .filter({ hasText: practiceName });
      await expect(
        team.getByRole('heading', { name: m.api.practiceTeamEmailSubject.replace('{practice}', practiceName) }),
      ).toBeVisible();
      await expect(team).toContainText(m.api.practiceType.solePractitioner);
    });
  });
}
