import { createPatient, expect, expectAccessibleAndValid, test } from './fixtures';
import { LANGUAGES, expectPath } from './auth-helpers';
import { CHICAGO, bookForNewFamilyMember, bookableSlot, escape, fill, slotIsFree } from './booking-helpers';
import { appointmentCard, cancelWithRefund, fact, openDetails, rescheduleToNextWeek } from './appointment-helpers';

/*
 *'s journey in one go, in English and Spanish: a logged-out visitor picks a slot on a
 * provider page, logs in, books a paid teledental visit for a new family member with two teeth
 * images and the sandbox card 4111 1111 1111 1111, finds it under upcoming, reschedules it,
 * cancels it and sees the refund; the emails, each with its .ics, are in the dev mailbox.
 * Each language takes its own Chicago provider (booking-helpers.ts; booking.spec.ts takes the
 * later ones).
 */

test.use({ geolocation: CHICAGO, permissions: ['geolocation'] });

for (const [index, { locale, prefix, m }] of LANGUAGES.entries()) {
  test(`(${locale}) from a slot on a provider page to a booked, rescheduled and refunded visit, with the emails in the mailbox`, async ({
    page,
    request,
  }) => {
    // Two languages' worth of screens, uploads, dialogs and axe scans in one test.
    test.setTimeout(240_000);
    const b = m.booking;
    const a = m.appointments;
    const slot = await bookableSlot(request, index);
    const { lastName } = (await (await request.get(`/v4/providers/${slot.providerId}`)).json()) as { lastName: string };
    const patient = await createPatient(request);

    const id = await bookForNewFamilyMember(page, m, prefix, slot, patient);
    const booked = page.getByRole('region', { name: b.booked.title });
    await expect(booked.getByText(b.booked.transactionId, { exact: true })).toBeVisible();
    await expect(booked.getByRole('link', { name: b.booked.downloadIcs })).toHaveAttribute(
      'href',
      `/api/appointments/${id}/calendar`,
    );
    await expect(booked.getByRole('link', { name: new RegExp(`^${escape(b.booked.googleCalendar)}`) })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\//,
    );
    await expectAccessibleAndValid(page);
    expect(await slotIsFree(request, slot)).toBe(false);
    // The back button does not book again: the tab remembers the booking.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeVisible();

    // Upcoming, in the list the booked screen links to.
    await booked.getByRole('link', { name: b.booked.myAppointments }).click();
    await expectPath(page, `${prefix}/all-appointments`);
    await expect(page.getByRole('link', { name: a.tabs.upcoming, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const card = appointmentCard(page, lastName);
    await expect(card).toContainText(a.status.scheduled);
    await expect(card).toContainText(a.visitType.virtual);
    await expectAccessibleAndValid(page);

    // Its details: for the family member, with both images, paid.
    await openDetails(page, m, lastName);
    await expectPath(page, `${prefix}/appointment-details/${id}`);
    await expect(fact(page, a.details.patient)).toContainText('Lucía Tester');
    await expect(
      page.getByRole('img', { name: new RegExp(escape(fill(a.details.imageAlt, { number: 2, count: 2 }))) }),
    ).toBeVisible();
    await expect(fact(page, a.details.transactionId)).not.toBeEmpty();

    // Rescheduled with the same dentist, then canceled more than 24 hours ahead: refunded.
    await rescheduleToNextWeek(page, m);
    await cancelWithRefund(page, m);

    // The mailbox has the confirmation, in the patient's language, with its .ics to download;
    // the reschedule and the cancellation came with theirs.
    await page.goto(`${prefix}/dev/mailbox`);
    const emails = page.getByRole('article').filter({ hasText: patient.email });
    const subject = (key: 'bookedSubject' | 'rescheduledSubject' | 'canceledSubject') =>
      emails.filter({
        has: page.getByRole('heading', { level: 2, name: new RegExp(`^${escape(m.emails[key].split('{')[0]!)}`) }),
      });
    for (const key of ['bookedSubject', 'rescheduledSubject', 'canceledSubject'] as const) {
      await expect(subject(key)).toHaveCount(1);
      await expect(
        subject(key).getByRole('list', { name: m.mailbox.attachments }).getByRole('link', { name: 'appointment.ics' }),
      ).toBeVisible();
    }
    await expectAccessibleAndValid(page);
    const confirmation = subject('bookedSubject').getByRole('link', { name: 'appointment.ics' });
    const [download] = await Promise.all([page.waitForEvent('download'), confirmation.click()]);
    expect(download.suggestedFilename()).toBe('appointment.ics');
    const ics = await page.request.get((await confirmation.getAttribute('href'))!);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('METHOD:REQUEST');
    // Booked for the slot picked on the provider page (the .ics writes instants in UTC).
    expect(text).toContain(`DTSTART:${slot.start.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}`);
    // Another index or email is a 404, as anything the mailbox does not grant.
    const href = (await confirmation.getAttribute('href'))!;
    for (const missing of [
      href.replace(/\/\d+$/, '/7'),
      href.replace(/\/mailbox\/\d+\//, '/mailbox/999999999/'),
      href.replace(/\/\d+$/, '/x'),
    ]) {
      expect((await page.request.get(missing)).status(), missing).toBe(404);
    }
  });
}
