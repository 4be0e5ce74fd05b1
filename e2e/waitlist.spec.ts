import {
  createPatient,
  expect,
  expectAccessibleAndValid,
  forgetCookies,
  loginThroughBff,
  test,
  type TestPatient,
} from './fixtures';
import { LANGUAGES, expectPath, logInWithForm } from './auth-helpers';
import { NEW_YORK } from './discovery-helpers';
import type { APIRequestContext } from '@playwright/test';

/**
 * The earlier-slot waitlist: a patient turns on "email me if an earlier time opens up"
 * on an upcoming appointment; another patient cancels an earlier slot with the same dentist; the
 * waitlisted patient gets the email (in /dev/mailbox), opens its link logged out, logs in, comes
 * back to the offer and moves the appointment there in one step. The appointments are booked in
 * the setup through the public /v4 API, as e2e/appointments.spec.ts does.
 */

test.use({ geolocation: NEW_YORK, permissions: ['geolocation'] });

const HOUR = 3_600_000;

interface Booked {
  id: string;
  start: string;
  provider: { lastName: string };
}

async function v4Token(request: APIRequestContext, patient: TestPatient): Promise<string> {
  const response = await request.put('/v4/session', { data: { email: patient.email, password: patient.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Two in-office appointments with one dentist near New York two or more days ahead: the earlier
 * for `early`, a later one (two slots on) for `late`. Starts at a random provider, and moves on
 * when another test took a slot first.
 */
async function bookPair(
  request: APIRequestContext,
  early: string,
  late: string,
): Promise<{ early: Booked; late: Booked }> {
  const list = await request.get(
    `/v4/providers?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&visitType=inOffice&pageSize=20&sort=closest`,
  );
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: { id: number; office: { id: number } }[] };
  const reasons = (await (await request.get('/v4/visitReasons')).json()) as { id: number }[];
  const offset = Math.floor(Math.random() * items.length);
  for (let i = 0; i < items.length; i += 1) {
    const provider = items[(i + offset) % items.length]!;
    const from = new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 10);
    const response = await request.get(
      `/v4/providers/${provider.id}/slots?officeId=${provider.office.id}&from=${from}`,
    );
    if (response.status() !== 200) continue;
    const { days } = (await response.json()) as {
      days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
    };
    const slots = days
      .flatMap((d) => [...d.morning, ...d.afternoon])
      .filter((s) => Date.parse(s.start) >= Date.now() + 48 * HOUR);
    if (slots.length < 3) continue;
    const book = async (token: string, start: string) =>
      request.post('/v4/appointments', {
        headers: { 'x-auth-token': token },
        data: {
          idempotencyKey: crypto.randomUUID(),
          providerId: provider.id,
          officeId: provider.office.id,
          slotStart: start,
          visitType: 'inOffice',
          visitReasonId: reasons[0]!.id,
          patientType: 'existing',
          notes: 'A cracked filling; sooner would be better.',
          acceptTerms: true,
        },
      });
    const first = await book(early, slots[0]!.start);
    if (first.status() !== 201) continue;
    const second = await book(late, slots[2]!.start);
    if (second.status() !== 201) {
      await request.put(`/v4/appointments/${((await first.json()) as Booked).id}/cancel`, {
        headers: { 'x-auth-token': early },
      });
      continue;
    }
    return { early: (await first.json()) as Booked, late: (await second.json()) as Booked };
  }
  throw new Error('no dentist near New York with three free slots');
}

for (const { locale, prefix, m } of LANGUAGES) {
  const a = m.appointments;

  test.describe(`earlier-slot waitlist (${locale})`, () => {
    test('a waitlisted patient is emailed when an earlier slot is cancelled, and takes it in one step after logging in', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const waiting = await createPatient(request);
      const canceling = await createPatient(request);
      const cancelToken = await v4Token(request, canceling);
      const { early, late } = await bookPair(request, cancelToken, await v4Token(request, waiting));

      // The waiting patient turns the alert on from the appointment's page.
      await loginThroughBff(page, waiting);
      await page.goto(`${prefix}/appointment-details/${late.id}`);
      await expect(page.getByRole('heading', { level: 2, name: a.waitlist.heading })).toBeVisible();
      const alert = page.getByRole('switch', { name: a.waitlist.switchLabel });
      await expect(alert).toHaveAttribute('aria-checked', 'false');
      await alert.click();
      // A fresh server's first place lookup (the location wrapper's, same page) loads the offline
      // gazetteer and holds the process for a while: the answer may wait for it.
      await expect(alert).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
      await expect(page.getByRole('status').filter({ hasText: a.waitlist.joined })).toBeAttached();
      await expect(alert).toHaveAccessibleDescription(new RegExp(a.waitlist.on.split('{date}')[0]!));
      await expectAccessibleAndValid(page);

      // Another patient cancels the earlier slot; the waiting patient is told, not moved.
      expect(
        (
          await request.put(`/v4/appointments/${early.id}/cancel`, { headers: { 'x-auth-token': cancelToken } })
        ).status(),
      ).toBe(200);
      await forgetCookies(page);
      await page.goto(`${prefix}/dev/mailbox`);
      // "An earlier time with Dr. … is free" (Dra. in Spanish for a woman: the name's start varies).
      const subject = m.emails.earlierSlotSubject.split('{provider}')[0]!;
      const email = page
        .getByRole('article')
        .filter({ hasText: waiting.email })
        .filter({ hasText: subject })
        .filter({ hasText: late.provider.lastName });
      await expect(email).toHaveCount(1);
      const link = email.getByRole('link', { name: /\/earlier-slot\// });
      const href = (await link.getAttribute('href'))!;
      expect(new URL(href).pathname).toMatch(
        new RegExp(`^${prefix}/appointment-details/${late.id}/earlier-slot/[0-9a-f-]{36}$`),
      );

      // Logged out, the link leads to login and back to the offer.
      await link.click();
      await expectPath(page, `${prefix}/login`);
      await logInWithForm(page, m, waiting.email, waiting.password);
      await expectPath(page, new URL(href).pathname);
      await expect(page.getByRole('heading', { level: 1, name: a.earlierSlot.title })).toBeVisible();
      await expect(page.getByRole('region', { name: a.earlierSlot.current })).toBeVisible();
      await expect(page.getByRole('region', { name: a.earlierSlot.offered })).toBeVisible();
      await expectAccessibleAndValid(page);

      await page.getByRole('button', { name: a.earlierSlot.take }).click();
      await expect(
        page.getByRole('status').filter({ hasText: a.earlierSlot.moved.split('{date}')[0]!.trim() }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: a.earlierSlot.take })).toHaveCount(0);
      await expectAccessibleAndValid(page);

      // The appointment now has the freed time; the alert is over (the appointment moved).
      await page.getByRole('link', { name: a.earlierSlot.view }).click();
      await expectPath(page, `${prefix}/appointment-details/${late.id}`);
      const moved = await request.get(`/v4/appointments/${late.id}`, {
        headers: { 'x-auth-token': await v4Token(request, waiting) },
      });
      expect(((await moved.json()) as Booked).start).toBe(early.start);
      await expect(page.getByRole('switch', { name: a.waitlist.switchLabel })).toHaveAttribute('aria-checked', 'false');

      // The link again: the offer was used, and says so.
      await page.goto(href);
      await expect(page.getByRole('status').filter({ hasText: a.earlierSlot.accepted })).toBeVisible();
      await expect(page.getByRole('button', { name: a.earlierSlot.take })).toHaveCount(0);
    });
  });
}
