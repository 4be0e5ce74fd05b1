import { tokenizeSandboxCard } from '../lib/api-client/sandbox-accept';
import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test, type TestPatient } from './fixtures';
import { LANGUAGES, expectPath, logInWithForm } from './auth-helpers';
import type { APIRequestContext, Page } from '@playwright/test';

/*
 * The account area of, in English and Spanish: family members, saved cards, support
 * requests (both emails in /dev/mailbox) and account deletion with restore.
 */

/** A message with its {placeholders} filled (the plain ones; no plurals). */
function fill(message: string, values: Record<string, string>): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

const HOUR = 3_600_000;

/** YYYY-MM-DD of today moved by `days`, as the browser's date field takes it. */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Books a paid teledental visit more than 30 hours ahead through /v4 (the booking page has its
 * own spec), so deleting the account has something to cancel with a refund. `which` keeps the
 * two languages' tests on different providers.
 */
async function bookPaidVisit(request: APIRequestContext, patient: TestPatient, which: number) {
  const session = await request.put('/v4/session', { data: { email: patient.email, password: patient.password } });
  const token = String((await session.json()).token);
  const list = await (
    await request.get('/v4/providers?lat=40.75&lng=-73.98&visitType=virtual&acceptsNewPatients=true&pageSize=20')
  ).json();
  const reasons = await (await request.get('/v4/visitReasons')).json();
  const year = String(new Date().getFullYear() + 2);
  for (const provider of list.items.slice(which * 5, which * 5 + 5)) {
    const slots = await (
      await request.get(
        `/v4/providers/${provider.id}/slots?officeId=${provider.office.id}&from=${day(0)}&to=${day(13)}`,
      )
    ).json();
    const starts: string[] = (slots.days ?? [])
      .flatMap((d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [...d.morning, ...d.afternoon])
      .map((s: { start: string }) => s.start)
      .filter((start: string) => Date.parse(start) > Date.now() + 30 * HOUR);
    for (const slotStart of starts.slice(0, 5)) {
      const opaqueData = tokenizeSandboxCard({
        cardNumber: '4111111111111111',
        month: '12',
        year,
        cardCode: '123',
      }).opaqueData;
      const reply = await request.post('/v4/appointments', {
        headers: { 'x-auth-token': token },
        data: {
          idempotencyKey: crypto.randomUUID(),
          providerId: provider.id,
          officeId: provider.office.id,
          slotStart,
          visitType: 'virtual',
          visitReasonId: reasons[0].id,
          patientType: 'new',
          notes: 'Pain on the lower left side.',
          acceptTerms: true,
          payment: { kind: 'newCard', opaqueData },
        },
      });
      if (reply.status() === 201)
        return { ...(await reply.json()), token } as {
          id: string;
          feeCents: number;
          token: string;
          provider: { displayName: string };
        };
      // A slot another test took meanwhile: the next one.
      expect(reply.status(), await reply.text()).toBe(409);
    }
  }
  throw new Error('no bookable teledental slot found');
}

async function accountPanel(page: Page, label: string) {
  return page.getByRole('region', { name: label, exact: true });
}

for (const [index, { locale, prefix, m }] of LANGUAGES.entries()) {
  test.describe(`account area (${locale})`, () => {
    // Whole journeys with several axe scans and full navigations each.
    test.slow();

    test('family members: add (a child, not a future date), edit, delete after confirmation', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=my-family`);
      const panel = await accountPanel(page, m.account.tabs.myFamily);
      await expect(panel.getByText(m.family.empty)).toBeVisible();
      await expectAccessibleAndValid(page);

      await panel.getByRole('button', { name: m.family.add }).click();
      const dialog = page.getByRole('dialog', { name: m.family.addTitle });
      await dialog.getByLabel(m.fields.firstName, { exact: true }).fill('Leo');
      await dialog.getByLabel(m.fields.lastName, { exact: true }).fill('Tester');
      await dialog.getByLabel(m.family.relationship, { exact: true }).selectOption('child');
      await dialog.getByLabel(m.fields.gender, { exact: true }).selectOption('male');
      const birth = dialog.getByLabel(m.fields.dateOfBirth, { exact: true });
      await birth.fill(day(2));
      await dialog.getByRole('button', { name: m.family.add }).click();
      await expect(birth).toBeFocused();
      await expect(birth).toHaveAccessibleDescription(new RegExp(m.validation.invalidDob));
      await expectAccessibleAndValid(page);
      await birth.fill('2019-05-06');
      await dialog.getByRole('button', { name: m.family.add }).click();
      await expect(dialog).toBeHidden();
      await expect(panel.getByRole('status')).toHaveText(fill(m.family.added, { name: 'Leo Tester' }));
      const list = panel.getByRole('list', { name: m.family.listLabel });
      await expect(list.getByRole('heading', { name: 'Leo Tester' })).toBeVisible();
      await expect(list.getByText(new RegExp(m.family.relationships.child))).toBeVisible();
      await expectAccessibleAndValid(page);

      await panel.getByRole('button', { name: fill(m.family.editNamed, { name: 'Leo Tester' }) }).click();
      const edit = page.getByRole('dialog', { name: fill(m.family.editTitle, { name: 'Leo Tester' }) });
      await expect(edit.getByLabel(m.fields.dateOfBirth, { exact: true })).toHaveValue('2019-05-06');
      await edit.getByLabel(m.fields.firstName, { exact: true }).fill('Leonardo');
      await edit.getByRole('button', { name: m.family.save }).click();
      await expect(edit).toBeHidden();
      await expect(panel.getByRole('status')).toHaveText(fill(m.family.updated, { name: 'Leonardo Tester' }));
      await expect(list.getByRole('heading', { name: 'Leonardo Tester' })).toBeVisible();

      // Saved on the server: a reload shows it (prefetched with the page).
      await page.reload();
      const reloaded = await accountPanel(page, m.account.tabs.myFamily);
      await expect(reloaded.getByRole('heading', { name: 'Leonardo Tester' })).toBeVisible();

      await reloaded.getByRole('button', { name: fill(m.family.deleteNamed, { name: 'Leonardo Tester' }) }).click();
      const confirm = page.getByRole('dialog', { name: m.family.deleteTitle });
      await expect(confirm.getByText(fill(m.family.deleteQuestion, { name: 'Leonardo Tester' }))).toBeVisible();
      await expectAccessibleAndValid(page);
      await confirm.getByRole('button', { name: m.family.confirmDelete }).click();
      await expect(reloaded.getByRole('status')).toHaveText(fill(m.family.deleted, { name: 'Leonardo Tester' }));
      await expect(reloaded.getByText(m.family.empty)).toBeVisible();
    });

    test('support: a request with a characters-left counter; both emails reach the mailbox', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=support`);
      const panel = await accountPanel(page, m.account.tabs.support);
      await expect(panel.getByRole('link', { name: /support@/ })).toBeVisible();
      await expectAccessibleAndValid(page);

      await panel.getByRole('button', { name: m.support.submit }).click();
      const subject = panel.getByLabel(m.support.subject, { exact: true });
      await expect(subject).toBeFocused();
      // The field says its limit, then what is wrong.
      await expect(subject).toHaveAccessibleDescription(new RegExp(`${m.validation.required}$`));

      const topic = `Card question ${Date.now()}`;
      await subject.fill(topic);
      const description = panel.getByLabel(m.support.description, { exact: true });
      await description.fill('Hello');
      // 2000 - 5 characters, however the language groups digits.
      await expect(description).toHaveAccessibleDescription(/1[,.\s]?995/);
      await panel.getByRole('button', { name: m.support.submit }).click();
      await expect(page.getByText(m.support.sent)).toBeVisible();
      await expect(subject).toHaveValue('');

      await page.goto(`${prefix}/dev/mailbox`);
      const toSupport = page.getByRole('article').filter({ hasText: `[Support] ${topic}` });
      await expect(toSupport).toContainText('support@dental-booking.example');
      await expect(toSupport).toContainText(patient.email);
      const acknowledgement = page
        .getByRole('article')
        .filter({ hasText: fill(m.support.email.ackSubject, { subject: topic }) });
      await expect(acknowledgement).toContainText(patient.email);
    });

    test('saved cards: add two, make the second the default, delete the first', async ({ page, request }) => {
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);
      // Reached from the account menu: the My Profile tab, at the saved cards.
      await page.goto(`${prefix}/account-section?tab=support`);
      await page.getByRole('button', { name: fill(m.shell.accountMenu, { name: 'Ana Tester' }) }).click();
      await page.getByRole('menuitem', { name: m.menu.savedCards }).click();
      await expectPath(page, `${prefix}/account-section`, '?tab=my-profile');
      expect(new URL(page.url()).hash).toBe('#saved-cards');
      const section = page.getByRole('region', { name: m.cards.heading });
      await expect(section).toBeInViewport();
      await expect(section.getByText(m.cards.empty)).toBeVisible();

      const visa = fill(m.cards.savedCard, { brand: 'Visa', last4: '1111' });
      const mastercard = fill(m.cards.savedCard, { brand: 'Mastercard', last4: '0015' });

      await section.getByRole('button', { name: m.cards.add }).click();
      let dialog = page.getByRole('dialog', { name: m.cards.add });
      await dialog.getByLabel(m.booking.card.number, { exact: true }).fill('4111111111111111');
      await expect(dialog.getByLabel(m.booking.card.number, { exact: true })).toHaveValue('4111 1111 1111 1111');
      await dialog.getByLabel(m.booking.card.expiry, { exact: true }).fill('1230');
      const cvv = dialog.getByLabel(m.booking.card.cvv, { exact: true });
      await cvv.fill('12');
      await dialog.getByLabel(m.booking.card.name, { exact: true }).fill('Ana Tester');
      await dialog.getByRole('button', { name: m.cards.save }).click();
      await expect(cvv).toHaveAccessibleDescription(new RegExp(m.booking.card.cvv3));
      await expectAccessibleAndValid(page);
      await cvv.fill('123');
      await dialog.getByRole('button', { name: m.cards.save }).click();
      await expect(dialog).toBeHidden();
      await expect(section.getByRole('status')).toHaveText(fill(m.cards.added, { card: visa }));
      const list = section.getByRole('list', { name: m.cards.listLabel });
      await expect(list.getByRole('listitem').filter({ hasText: visa })).toContainText(m.cards.default);

      await section.getByRole('button', { name: m.cards.add }).click();
      dialog = page.getByRole('dialog', { name: m.cards.add });
      await dialog.getByLabel(m.booking.card.number, { exact: true }).fill('5424000000000015');
      await dialog.getByLabel(m.booking.card.expiry, { exact: true }).fill('11/31');
      await dialog.getByLabel(m.booking.card.cvv, { exact: true }).fill('321');
      await dialog.getByLabel(m.booking.card.name, { exact: true }).fill('Ana Tester');
      await dialog.getByRole('button', { name: m.cards.save }).click();
      await expect(dialog).toBeHidden();
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('listitem').filter({ hasText: mastercard })).not.toContainText(m.cards.default);
      await expectAccessibleAndValid(page);

      await section.getByRole('button', { name: fill(m.cards.makeDefaultNamed, { card: mastercard }) }).click();
      await expect(section.getByRole('status')).toHaveText(fill(m.cards.defaultSet, { card: mastercard }));
      await expect(list.getByRole('listitem').first()).toContainText(mastercard);
      await expect(list.getByRole('listitem').filter({ hasText: mastercard })).toContainText(m.cards.default);
      await expect(list.getByRole('listitem').filter({ hasText: visa })).not.toContainText(m.cards.default);

      await section.getByRole('button', { name: fill(m.cards.deleteNamed, { card: visa }) }).click();
      const confirm = page.getByRole('dialog', { name: m.cards.deleteTitle });
      await expect(confirm).toContainText(fill(m.cards.deleteQuestion, { card: visa }));
      await confirm.getByRole('button', { name: m.cards.confirmDelete }).click();
      await expect(section.getByRole('status')).toHaveText(fill(m.cards.deleted, { card: visa }));
      await expect(list.getByRole('listitem')).toHaveCount(1);

      // The server agrees after a reload.
      await page.reload();
      const reloaded = page
        .getByRole('region', { name: m.cards.heading })
        .getByRole('list', { name: m.cards.listLabel });
      await expect(reloaded.getByRole('listitem')).toHaveText([new RegExp(`${mastercard}.*${m.cards.default}`)]);
    });

    test('delete the account after seeing the visit it cancels, log back in and see it restored', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      const visit = await bookPaidVisit(request, patient, index);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/account-section?tab=my-profile`);
      const section = page.getByRole('region', { name: m.deleteAccount.heading });
      const canceled = section.getByRole('list', { name: m.deleteAccount.appointmentsHeading });
      await expect(canceled.getByRole('listitem')).toHaveCount(1);
      await expect(canceled).toContainText(visit.provider.displayName);
      const fee = new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: visit.feeCents % 100 ? 2 : 0,
      }).format(visit.feeCents / 100);
      await expect(canceled).toContainText(fill(m.deleteAccount.refund, { amount: fee }));
      await expectAccessibleAndValid(page);

      // Explicit consent first.
      await section.getByRole('button', { name: m.deleteAccount.submit }).click();
      await expect(section.getByRole('checkbox', { name: m.deleteAccount.consent })).toHaveAccessibleDescription(
        m.deleteAccount.consentRequired,
      );
      await section.getByRole('checkbox', { name: m.deleteAccount.consent }).check();
      await section.getByRole('button', { name: m.deleteAccount.submit }).click();
      await expectPath(page, `${prefix}/login`);
      await expect(page.getByText(m.deleteAccount.deletedNotice)).toBeVisible();
      // Signed out everywhere: the booking's API session is gone too.
      expect((await request.get('/v4/patientAppUser', { headers: { 'x-auth-token': visit.token } })).status()).toBe(
        401,
      );

      await logInWithForm(page, m, patient.email, patient.password);
      const restored = page.getByRole('status').filter({ hasText: m.deleteAccount.restored });
      await expect(restored).toBeVisible();
      await expect(restored.getByRole('link', { name: m.deleteAccount.restoredContinue })).toBeFocused();
      await expectAccessibleAndValid(page);
      await restored.getByRole('link', { name: m.deleteAccount.restoredContinue }).click();
      await page.goto(`${prefix}/account-section?tab=my-profile`);
      await expect(page.getByRole('region', { name: m.account.tabs.myProfile }).getByText(patient.email)).toBeVisible();
      // The visit stays canceled: restoring brings the account back, not the appointments.
      await expect(
        page.getByRole('region', { name: m.deleteAccount.heading }).getByText(m.deleteAccount.noAppointments),
      ).toBeVisible();
    });
  });
}
