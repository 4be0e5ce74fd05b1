import { expect, expectAccessibleAndValid } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import type { Messages } from './auth-helpers';

/*
 * The patient's appointment screens (/all-appointments, /appointment-details): finding
 * a card and a detail, and the reschedule and cancel dialogs, shared by appointments.spec.ts and
 * booking-journey.spec.ts.
 */

export function appointmentCard(page: Page, lastName: string): Locator {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(lastName) }) });
}

export function fact(scope: Page | Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** From the list, the details of the appointment with the dentist of that last name. */
export async function openDetails(page: Page, m: Messages, lastName: string): Promise<void> {
  await appointmentCard(page, lastName)
    .getByRole('link', { name: new RegExp(`^${m.appointments.card.viewDetails}`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: m.appointments.details.title })).toBeVisible();
}

/**
 * On the details page: reschedules with the same dentist to the first free time of the following
 * week, through the dialog, and checks the page shows it. Returns that time as displayed.
 */
export async function rescheduleToNextWeek(page: Page, m: Messages): Promise<string> {
  const a = m.appointments;
  // Reschedule with the same dentist: a slot of the following week.
  await page.getByRole('button', { name: a.details.reschedule, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: a.reschedule.title });
  await expect(dialog.getByRole('radio', { name: new RegExp(a.reschedule.sameProvider) })).toBeChecked();
  await expectAccessibleAndValid(page);
  await dialog.getByRole('button', { name: a.reschedule.continue, exact: true }).click();
  const firstDay = dialog.getByRole('group', { name: a.slots.days }).getByRole('listitem').first();
  const thisWeek = await firstDay.innerText();
  await dialog.getByRole('button', { name: a.slots.nextDays }).click();
  // The earlier week stays on screen while the next one loads: wait for the next one.
  await expect(firstDay).not.toHaveText(thisWeek);
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
  const times = dialog
    .getByRole('group', { name: new RegExp(`^(${a.slots.morning}|${a.slots.afternoon})$`) })
    .getByRole('button');
  await expect(times.first()).toBeVisible();
  const newTime = (await times.first().innerText()).trim();
  await times.first().click();
  await expect(times.first()).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: new RegExp(a.reschedule.confirm.split('{date}')[0]!) }).click();
  const done = page.getByRole('dialog', { name: a.reschedule.doneTitle });
  await expect(done.getByRole('status')).toContainText(newTime);
  await done.getByRole('button', { name: a.reschedule.close, exact: true }).last().click();
  await expect(done).toBeHidden();
  await expect(fact(page, a.details.time)).toHaveText(newTime);
  return newTime;
}

/**
 * On the details page: cancels a paid visit more than 24 hours ahead, the refund announced
 * before confirming and reported after, and checks the page's status and refund. Returns the
 * transaction id the dialog tells the patient to save.
 */
export async function cancelWithRefund(page: Page, m: Messages): Promise<string> {
  const a = m.appointments;
  // Cancel more than 24 hours ahead: the refund is announced before confirming.
  await page.getByRole('button', { name: a.details.cancel, exact: true }).click();
  const cancel = page.getByRole('dialog', { name: a.cancel.title });
  await expect(cancel).toContainText(a.cancel.refundEligible.split('{amount}')[0]!);
  await expectAccessibleAndValid(page);
  await cancel.getByRole('button', { name: a.cancel.confirm, exact: true }).click();
  const canceled = page.getByRole('dialog', { name: a.cancel.doneTitle });
  await expect(canceled.getByRole('status')).toContainText(a.cancel.refunded.split('{amount}')[1]!.trim());
  await expect(canceled).toContainText(a.cancel.saveId.split('{id}')[0]!.trim());
  const saved = /([A-Za-z0-9_-]{6,})\s*$/.exec(
    (await canceled.getByText(a.cancel.saveId.split('{id}')[0]!.trim()).innerText()).trim(),
  );
  expect(saved?.[1], 'a transaction id to save').toBeTruthy();
  await canceled.getByRole('button', { name: a.cancel.close, exact: true }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: a.details.title })).toBeFocused();
  await expect(fact(page, a.details.status)).toHaveText(a.status.canceled);
  await expect(fact(page, a.details.refundStatus)).toHaveText(a.refundStatus.refunded);
  await expect(page.getByRole('button', { name: a.details.cancel, exact: true })).toHaveCount(0);
  return saved![1]!;
}
