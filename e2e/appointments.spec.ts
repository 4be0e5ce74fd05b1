import {
  createPatient,
  expect,
  expectAccessibleAndValid,
  forgetCookies,
  loginThroughBff,
  test,
  type TestPatient,
} from './fixtures';
import { LANGUAGES, expectPath } from './auth-helpers';
import { NEW_YORK } from './discovery-helpers';
import { aroundTheClockSlots } from './around-the-clock-helpers';
import { appointmentCard, cancelWithRefund, fact, openDetails, rescheduleToNextWeek } from './appointment-helpers';
import { tokenizeSandboxCard } from '../lib/api-client/sandbox-accept';
import type { APIRequestContext } from '@playwright/test';

/**
 * The patient's appointments (SPEC.md sections 2, 4 and 8): /all-appointments with its
 * tabs, /appointment-details, reschedule with the same provider, cancel with the 24-hour refund
 * rule. The appointments are booked in the test setup through the public /v4 API with a token of
 * the test's own (the booking screens have their own spec); the browser logs in as the same
 * patient through the BFF.
 */

test.use({ geolocation: NEW_YORK, permissions: ['geolocation'] });

const HOUR = 3_600_000;

interface FreeSlot {
  providerId: number;
  officeId: number;
  start: string;
  lastName: string;
}

interface Booked {
  id: string;
  feeCents: number;
  provider: { lastName: string; displayName: string };
  payment: { transactionId: string } | null;
}

/** A /v4 token of the patient's, for booking in the setup (the browser's session is its own). */
async function v4Token(request: APIRequestContext, patient: TestPatient): Promise<string> {
  const response = await request.put('/v4/session', { data: { email: patient.email, password: patient.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A free slot near New York (at an office with teledental visits unless `inOffice`) whose start is
 * within [minHours, maxHours) from now, from the seeded providers' live slots. Undefined when none
 * is free in that window (a slot within hours may be missing at night: around-the-clock-helpers.ts has those).
 */
async function findSlot(
  request: APIRequestContext,
  minHours: number,
  maxHours: number,
  inOffice = false,
): Promise<FreeSlot | undefined> {
  const list = await request.get(
    `/v4/providers?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&visitType=${inOffice ? 'inOffice' : 'virtual'}&pageSize=20&sort=closest`,
  );
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as {
    items: { id: number; lastName: string; office: { id: number; teledentalAvailable: boolean } }[];
  };
  const now = Date.now();
  // Parallel tests book from the same providers: start at a random one so they rarely race for one slot.
  const offset = Math.floor(Math.random() * items.length);
  for (let i = 0; i < items.length; i += 1) {
    const provider = items[(i + offset) % items.length]!;
    if (!inOffice && !provider.office.teledentalAvailable) continue;
    const from = new Date(now + minHours * HOUR).toISOString().slice(0, 10);
    const response = await request.get(
      `/v4/providers/${provider.id}/slots?officeId=${provider.office.id}&from=${from}`,
    );
    if (response.status() !== 200) continue;
    const { days } = (await response.json()) as {
      days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
    };
    const slots = days.flatMap((d) => [...d.morning, ...d.afternoon]);
    const fitting = slots.filter((s) => {
      const ahead = Date.parse(s.start) - now;
      return ahead >= minHours * HOUR && ahead < maxHours * HOUR;
    });
    const slot = fitting[Math.floor(Math.random() * Math.min(fitting.length, 5))];
    if (slot)
      return { providerId: provider.id, officeId: provider.office.id, start: slot.start, lastName: provider.lastName };
  }
  return undefined;
}

/** Books a teledental visit in the slot, paid with a sandbox card tokenised in this process as the browser would. */
async function bookTeledental(
  request: APIRequestContext,
  token: string,
  slot: FreeSlot,
  cardNumber = '4111111111111111',
): Promise<Booked> {
  const card = tokenizeSandboxCard({
    cardNumber,
    month: '12',
    year: String(new Date().getFullYear() + 3),
    cardCode: '123',
  });
  expect(card.opaqueData, 'sandbox token').toBeTruthy();
  return book(request, token, slot, {
    visitType: 'virtual',
    payment: { kind: 'newCard', opaqueData: card.opaqueData },
  });
}

/** POST /v4/appointments as the patient: nothing is due for an in-office visit. */
async function book(
  request: APIRequestContext,
  token: string,
  slot: FreeSlot,
  extra: Record<string, unknown> = { visitType: 'inOffice' },
): Promise<Booked> {
  const reasons = (await (await request.get('/v4/visitReasons')).json()) as { id: number }[];
  const response = await request.post('/v4/appointments', {
    headers: { 'x-auth-token': token },
    data: {
      idempotencyKey: crypto.randomUUID(),
      providerId: slot.providerId,
      officeId: slot.officeId,
      slotStart: slot.start,
      visitReasonId: reasons[0]!.id,
      patientType: 'existing',
      notes: 'Sensitive lower left molar when drinking cold water.',
      acceptTerms: true,
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booked;
}

for (const { locale, prefix, m } of LANGUAGES) {
  const a = m.appointments;

  test.describe(`appointments (${locale})`, () => {
    test('a booked visit shows under upcoming, is rescheduled with the same dentist, then canceled with a refund', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const patient = await createPatient(request);
      const slot = await findSlot(request, 48, 24 * 6);
      expect(slot, 'a free teledental slot two to six days ahead').toBeTruthy();
      const booked = await bookTeledental(request, await v4Token(request, patient), slot!);
      expect(booked.feeCents).toBeGreaterThan(0);
      await loginThroughBff(page, patient);

      // The header's shortcut leads to the list; upcoming is the tab first shown.
      await page.goto(`${prefix}/favorites`);
      await page
        .getByRole('navigation', { name: m.shell.mainNavigation })
        .getByRole('link', { name: m.menu.myAppointments })
        .click();
      await expectPath(page, `${prefix}/all-appointments`);
      await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
      await expect(page.getByRole('link', { name: a.tabs.upcoming, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const card = appointmentCard(page, booked.provider.lastName);
      await expect(card).toBeVisible();
      await expect(card).toContainText(a.status.scheduled);
      await expect(card).toContainText(a.visitType.virtual);
      await expectAccessibleAndValid(page);

      await openDetails(page, m, booked.provider.lastName);
      await expect(fact(page, a.details.transactionId)).toHaveText(booked.payment!.transactionId);
      await expect(fact(page, a.details.status)).toHaveText(a.status.scheduled);
      // Teledental: the call is not open days ahead; the page says when it opens.
      await expect(page.getByText(a.details.callOpensAt.split('{date}')[0]!)).toBeVisible();
      await expect(
        page.getByRole('link', { name: new RegExp(a.details.addToCalendar.replace(/[.()]/g, '\\$&')) }),
      ).toHaveAttribute('href', /\/api\/appointments\/[0-9a-f-]+\/calendar$/);
      await expectAccessibleAndValid(page);

      // Reschedule with the same dentist (the following week), then cancel with the refund.
      await rescheduleToNextWeek(page, m);
      await cancelWithRefund(page, m);

      // Canceled tab: there; upcoming: empty, with a way to search.
      await page.goto(`${prefix}/all-appointments?tab=canceled`);
      await expect(page.getByRole('link', { name: a.tabs.canceled, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(appointmentCard(page, booked.provider.lastName).first()).toContainText(a.status.canceled);
      await page.getByRole('link', { name: a.tabs.upcoming, exact: true }).click();
      await expect(page.getByText(a.empty.upcoming.title)).toBeVisible();
      await expect(page.getByRole('link', { name: a.emptyCta })).toHaveAttribute('href', /\/search-listing/);
      await expectAccessibleAndValid(page);
      // The tab lives in the URL: back returns to canceled.
      await page.goBack();
      await expect(page.getByRole('link', { name: a.tabs.canceled, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('a visit less than 24 hours ahead is not eligible for a refund, said before confirming', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const patient = await createPatient(request);
      // The around-the-clock practices have free slots within the next 24 hours at any hour.
      const slots = await aroundTheClockSlots(request, 60, 23 * 60);
      expect(slots.length, 'free teledental slots within 24 hours').toBeGreaterThan(0);
      // A random one of them: parallel specs rarely race for it.
      const booked = await bookTeledental(
        request,
        await v4Token(request, patient),
        slots[Math.floor(Math.random() * slots.length)]!,
      );
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/appointment-details/${booked.id}`);
      await page.getByRole('button', { name: a.details.cancel, exact: true }).click();
      const cancel = page.getByRole('dialog', { name: a.cancel.title });
      await expect(cancel).toContainText(a.cancel.notEligible.split('{amount}')[0]!);
      await expect(cancel).not.toContainText(a.cancel.refundEligible.split('{amount}')[0]!);
      await cancel.getByRole('button', { name: a.cancel.confirm, exact: true }).click();
      const canceled = page.getByRole('dialog', { name: a.cancel.doneTitle });
      await expect(canceled.getByRole('status')).toContainText(a.cancel.notEligibleDone);
      await canceled.getByRole('button', { name: a.cancel.close, exact: true }).last().click();
      await expect(fact(page, a.details.refundStatus)).toHaveText(a.refundStatus.notEligible);
    });

    test('an in-office visit has directions and no fee; canceling it has nothing to refund', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const patient = await createPatient(request);
      const slot = await findSlot(request, 30, 24 * 6, true);
      expect(slot, 'a free in-office slot').toBeTruthy();
      const booked = await book(request, await v4Token(request, patient), slot!);
      await loginThroughBff(page, patient);
      await page.goto(`${prefix}/appointment-details/${booked.id}`);
      await expect(fact(page, a.details.visitType)).toHaveText(a.visitType.inOffice);
      await expect(fact(page, a.details.fee)).toHaveText(a.details.noFee);
      await expect(page.getByRole('link', { name: new RegExp(`^${a.details.directions}`) })).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/dir\//,
      );
      await expect(page.getByRole('button', { name: a.details.joinCall })).toHaveCount(0);
      await expectAccessibleAndValid(page);
      await page.getByRole('button', { name: a.details.cancel, exact: true }).click();
      const cancel = page.getByRole('dialog', { name: a.cancel.title });
      await expect(cancel).toContainText(a.cancel.noFee);
      await cancel.getByRole('button', { name: a.cancel.confirm, exact: true }).click();
      const canceled = page.getByRole('dialog', { name: a.cancel.doneTitle });
      await expect(canceled).toContainText(a.cancel.saveReference.split('{id}')[0]!.trim());
      await expect(canceled).toContainText(booked.id);
    });
  });
}

test('a refund the gateway cannot make sends the patient to support', async ({ page, request }) => {
  test.setTimeout(120_000);
  const a = LANGUAGES[0].m.appointments;
  const patient = await createPatient(request);
  const slot = await findSlot(request, 48, 24 * 6);
  expect(slot).toBeTruthy();
  const booked = await bookTeledental(request, await v4Token(request, patient), slot!, '4000000000000069');
  await loginThroughBff(page, patient);
  await page.goto(`/appointment-details/${booked.id}`);
  await page.getByRole('button', { name: a.details.cancel, exact: true }).click();
  await page
    .getByRole('dialog', { name: a.cancel.title })
    .getByRole('button', { name: a.cancel.confirm, exact: true })
    .click();
  const canceled = page.getByRole('dialog', { name: a.cancel.doneTitle });
  await expect(canceled.getByRole('status')).toContainText(a.cancel.manual.split('{amount}')[0]!);
  await expect(canceled.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /^mailto:/);
});

test("another patient's appointment, or an unknown id, is the not-found page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const m = LANGUAGES[0].m;
  const owner = await createPatient(request);
  const slot = await findSlot(request, 48, 24 * 6);
  expect(slot).toBeTruthy();
  const booked = await bookTeledental(request, await v4Token(request, owner), slot!);

  const other = await createPatient(request);
  await loginThroughBff(page, other);
  for (const id of [booked.id, crypto.randomUUID(), 'not-an-id']) {
    const response = await page.goto(`/appointment-details/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: m.notFound.title })).toBeVisible();
    await expect(page.getByText(booked.provider.displayName)).toHaveCount(0);
  }
  // And through the BFF: the same 404 shape, nothing of the appointment.
  const api = await page.request.get(`/api/appointments/${booked.id}`);
  expect(api.status()).toBe(404);
  expect(await api.text()).not.toContain(booked.provider.lastName);

  // Logged out, the page asks for a login.
  await forgetCookies(page);
  await page.goto(`/appointment-details/${booked.id}`);
  await expectPath(page, '/login');
});
