import { createPatient, expect, expectAccessibleAndValid, loginThroughBff, test, type TestPatient } from './fixtures';
import { LANGUAGES } from './auth-helpers';
import {
  CHICAGO,
  answerDetails,
  bookInOffice,
  bookableSlot,
  bookableSlots,
  bookingPath,
  escape,
  fill,
  freeSlotsOf,
  outOfNetworkPlan,
  payWithNewCard,
  slotIsFree,
  stepHeading,
  v4Token,
} from './booking-helpers';
import type { APIRequestContext, Page } from '@playwright/test';

/*
 * Booking (SPEC.md section 2 "Booking steps"): refused test cards that book nothing,
 * the card form's checks, the two-step in-office variant and saved cards. The whole journey from
 * a slot picked on a provider page to a cancelled visit is booking-journey.spec.ts.
 *
 * The tests run in parallel against one server, so each takes its own provider (an index into
 * the same deterministic list) and that provider's first free slot at the time it runs. The
 * providers come from Chicago, away from the New York ones the discovery specs use.
 */

test.use({ geolocation: CHICAGO, permissions: ['geolocation'] });

test.describe('booking payments and the two-step variant', () => {
  test.slow();
  const { m } = LANGUAGES[0];
  const b = m.booking;

  async function loggedIn(page: Page, request: APIRequestContext): Promise<TestPatient> {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    return patient;
  }

  test('declined and suspicious test cards show their messages, keep the form and book nothing', async ({
    page,
    request,
  }) => {
    const slot = await bookableSlot(request, 2);
    await loggedIn(page, request);
    await page.goto(bookingPath('', slot));
    await answerDetails(page, m, { teledental: true });
    await page.getByRole('button', { name: b.continue }).click();
    await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
    await expect(stepHeading(page, m, 3, 3, b.steps.payment)).toBeVisible();

    const pay = page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) });
    await payWithNewCard(page, m, '4000 0000 0000 0002');
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: m.api.paymentDeclined })).toBeVisible();
    await expect(stepHeading(page, m, 3, 3, b.steps.payment)).toBeVisible();
    await expect(page.getByLabel(b.card.name, { exact: true })).toHaveValue('Ana Tester');
    expect(await slotIsFree(request, slot)).toBe(true);

    await page.getByLabel(b.card.number, { exact: true }).fill('4000 0000 0000 0101');
    await pay.click();
    await expect(page.getByRole('alert').filter({ hasText: m.api.paymentSuspicious })).toBeVisible();
    await expect(stepHeading(page, m, 3, 3, b.steps.payment)).toBeVisible();
    expect(await slotIsFree(request, slot)).toBe(true);
  });

  test('the card form checks the number and the CVV by card type before anything is sent', async ({
    page,
    request,
  }) => {
    const slot = await bookableSlot(request, 3);
    await loggedIn(page, request);
    await page.goto(bookingPath('', slot));
    await answerDetails(page, m, { teledental: true });
    await page.getByRole('button', { name: b.continue }).click();
    await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
    await payWithNewCard(page, m, '4111 1111 1111 1112');
    await page.getByLabel(b.card.number, { exact: true }).fill('3782 822463 10005');
    await page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) }).click();
    await expect(page.getByLabel(b.card.cvv, { exact: true })).toBeFocused();
    await expect(page.getByLabel(b.card.cvv, { exact: true })).toHaveAccessibleDescription(
      new RegExp(escape(b.card.cvv4)),
    );
    await page.getByLabel(b.card.number, { exact: true }).fill('4111 1111 1111 1112');
    await page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) }).click();
    await expect(page.getByLabel(b.card.number, { exact: true })).toHaveAccessibleDescription(b.card.numberInvalid);
    expect(await slotIsFree(request, slot)).toBe(true);
  });

  test('an in-office visit has no payment step, and step 1 names what is missing', async ({ page, request }) => {
    const slot = await bookableSlot(request, 4);
    await loggedIn(page, request);
    await page.goto(bookingPath('', slot));
    await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();

    // Nothing answered: the first missing answer gets focus, each error is tied to its field.
    await page.getByRole('button', { name: b.continue }).click();
    await expect(page.getByRole('combobox', { name: b.reason.label })).toBeFocused();
    await expect(page.getByRole('combobox', { name: b.reason.label })).toHaveAccessibleDescription(
      new RegExp(escape(m.validation.required)),
    );
    await expect(page.getByText(m.validation.termsRequired)).toBeVisible();
    await expect(page.getByText(m.validation.patientTypeRequired)).toBeVisible();

    await answerDetails(page, m, { teledental: false });
    await page.getByRole('button', { name: b.continue }).click();
    await expect(stepHeading(page, m, 2, 2, b.steps.confirm)).toBeFocused();
    await expect(page.getByText(b.confirmStep.nothingDue)).toBeVisible();

    // The back button returns to step 1 with the answers kept.
    await page.goBack();
    await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
    await expect(page.getByLabel(b.notes.label)).toHaveValue(/lower molar/);
    await page.goForward();
    await expect(stepHeading(page, m, 2, 2, b.steps.confirm)).toBeVisible();

    await page.getByRole('button', { name: b.confirmStep.book }).click();
    await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
    await expect(page.getByText(b.booked.transactionId, { exact: true })).toHaveCount(0);
    expect(await slotIsFree(request, slot)).toBe(false);
  });

  test('a card saved while paying is offered on the next booking and can be deleted after confirmation', async ({
    page,
    request,
  }) => {
    const [first, second] = await bookableSlots(request, 5, 2);
    await loggedIn(page, request);
    const pay = page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) });

    await page.goto(bookingPath('', first!));
    await answerDetails(page, m, { teledental: true });
    await page.getByRole('button', { name: b.continue }).click();
    await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
    await payWithNewCard(page, m, '5424 0000 0000 0015');
    await page.getByRole('checkbox', { name: b.card.save }).check();
    await pay.click();
    await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeVisible();

    await page.goto(bookingPath('', second!));
    await answerDetails(page, m, { teledental: true });
    await page.getByRole('button', { name: b.continue }).click();
    await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
    const saved = fill(b.payment.savedCard, { brand: 'Mastercard', last4: '0015' });
    await expect(page.getByRole('radio', { name: new RegExp(`^${escape(saved)}`) })).toBeChecked();

    await page.getByRole('button', { name: fill(b.payment.deleteNamed, { card: saved }) }).click();
    const dialog = page.getByRole('dialog', { name: b.payment.deleteTitle });
    await expect(dialog).toBeVisible();
    await expectAccessibleAndValid(page);
    await dialog.getByRole('button', { name: b.payment.confirmDelete }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(b.payment.deleted, { card: saved }) })).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^${escape(saved)}`) })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: b.payment.newCard })).toBeChecked();
  });
});

// Two more checks of the booking screens, in each language: each takes providers after the ones above.
for (const [index, { locale, prefix, m }] of LANGUAGES.entries()) {
  const b = m.booking;

  test.describe(`booking checks said in time (${locale})`, () => {
    test.slow();

    test('a slot overlapping one of my appointments is said when it is chosen, with a separate way to choose another time', async ({
      page,
      request,
    }) => {
      const patient = await createPatient(request);
      // Two dentists free at the same hour: the patient has booked one of them already.
      const [mine, theirs] = await Promise.all([
        freeSlotsOf(request, 6 + index * 2),
        freeSlotsOf(request, 7 + index * 2),
      ]);
      const other = theirs.find((slot) => mine.some((own) => own.start === slot.start));
      expect(other, 'two providers with a free slot at the same time').toBeTruthy();
      await bookInOffice(
        request,
        await v4Token(request, patient),
        mine.find((own) => own.start === other!.start)!,
      );
      await loginThroughBff(page, patient);

      await page.goto(bookingPath(prefix, other!));
      await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
      const notice = page.getByRole('alert').filter({ hasText: m.api.alreadyBooked });
      await expect(notice).toBeVisible();
      // The message and its button are apart, not "...appointment.Choose another time".
      const choose = notice.getByRole('button', { name: b.chooseAnotherTime });
      await expect(choose).toBeVisible();
      expect((await notice.innerText()).replace(/\s+/g, ' ')).not.toContain(
        `${m.api.alreadyBooked}${b.chooseAnotherTime}`,
      );
      await expectAccessibleAndValid(page);

      // Continuing is held at the notice; its button clears the slot and leads back to the times.
      await answerDetails(page, m, { teledental: false });
      await page.getByRole('button', { name: b.continue }).click();
      await expect(choose).toBeFocused();
      await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
      await choose.click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole('group', { name: b.slot.legend })).toBeFocused();
      await expect(page.getByText(new RegExp(`^${escape(b.slot.chosen.split('{')[0]!)}`))).toHaveCount(0);
    });

    test("a plan out of the provider's network is warned about before confirming; the patient may go on or choose self-pay", async ({
      page,
      request,
    }) => {
      const slot = await bookableSlot(request, 10 + index);
      const { carrier, plan } = await outOfNetworkPlan(request, slot.providerId);
      const { displayName } = (await (await request.get(`/v4/providers/${slot.providerId}`)).json()) as {
        displayName: string;
      };
      const patient = await createPatient(request);
      await loginThroughBff(page, patient);

      await page.goto(bookingPath(prefix, slot));
      await answerDetails(page, m, { teledental: false });
      await page.getByRole('radio', { name: b.insurance.insurance }).check();
      await page.getByLabel(b.insurance.carrier).selectOption({ label: carrier });
      await page.getByLabel(b.insurance.plan).selectOption({ label: plan });
      const named = `${carrier} - ${plan}`;
      await expect(
        page.getByText(fill(b.insurance.outOfNetwork, { provider: displayName, plan: named })),
      ).toBeVisible();
      await expectAccessibleAndValid(page);

      await page.getByRole('button', { name: b.continue }).click();
      await expect(stepHeading(page, m, 2, 2, b.steps.confirm)).toBeFocused();
      const warning = page.getByText(fill(b.insurance.outOfNetworkConfirm, { provider: displayName, plan: named }));
      await expect(warning).toBeVisible();
      await expectAccessibleAndValid(page);

      if (index === 0) {
        // Going on books with the plan.
        await page.getByRole('button', { name: b.confirmStep.book }).click();
        await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
      } else {
        // Self-pay instead: the warning goes, and the visit is booked without the plan.
        await page.getByRole('button', { name: b.insurance.useSelfPay }).click();
        await expect(warning).toHaveCount(0);
        await expect(page.getByText(named)).toHaveCount(0);
        await page.getByRole('button', { name: b.confirmStep.book }).click();
        await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
      }
      expect(await slotIsFree(request, slot)).toBe(false);
    });
  });
}
