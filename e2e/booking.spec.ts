import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { createPatient, expect, expectNoAxeViolations, loginThroughBff, test, type TestPatient } from './fixtures';
import { LANGUAGES, logInWithForm, type Messages } from './auth-helpers';

/*
 * Booking (SPEC.md section 2 "Booking steps"; issue 12): from a slot picked on a provider page,
 * through login, to the booked screen; paid teledental visits for a new family member with
 * teeth images, refused test cards that book nothing, and the two-step in-office variant.
 *
 * The tests run in parallel against one server, so each takes its own provider (an index into
 * the same deterministic list) and that provider's first free slot at the time it runs. The
 * providers come from Chicago, away from the New York ones the discovery specs use.
 */

const CHICAGO = { latitude: 41.8837, longitude: -87.6289 };

test.use({ geolocation: CHICAGO, permissions: ['geolocation'] });

interface BookableSlot {
  providerId: number;
  officeId: number;
  start: string;
  feeCents: number;
}

/** The `index`-th provider near Chicago offering teledental (payments ready) with a free slot, and that slot. */
async function bookableSlot(request: APIRequestContext, index: number): Promise<BookableSlot> {
  return (await bookableSlots(request, index, 1))[0]!;
}

/** `count` free slots of that provider, the last ones of the week first (the first ones are the likeliest taken by other specs). */
async function bookableSlots(request: APIRequestContext, index: number, count: number): Promise<BookableSlot[]> {
  const response = await request.get(
    `/v4/providers?lat=${CHICAGO.latitude}&lng=${CHICAGO.longitude}&visitType=virtual&sort=closest&pageSize=20`,
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: number; teledentalFeeCents: number; office: { id: number; teledentalAvailable: boolean } }[];
  };
  const candidates = items.filter((p) => p.office.teledentalAvailable && p.teledentalFeeCents > 0);
  const provider = candidates[index];
  expect(provider, `teledental provider #${index} near Chicago`).toBeTruthy();
  const slots = await request.get(`/v4/providers/${provider!.id}/slots?officeId=${provider!.office.id}`);
  expect(slots.status()).toBe(200);
  const { days } = (await slots.json()) as { days: { morning: { start: string }[]; afternoon: { start: string }[] }[] };
  const free = days.flatMap((d) => [...d.morning, ...d.afternoon]).reverse().slice(0, count);
  expect(free.length, `${count} free slots of provider ${provider!.id}`).toBe(count);
  return free.map((slot) => ({ providerId: provider!.id, officeId: provider!.office.id, start: slot.start, feeCents: provider!.teledentalFeeCents }));
}

async function slotIsFree(request: APIRequestContext, slot: BookableSlot): Promise<boolean> {
  const response = await request.get(`/v4/providers/${slot.providerId}/slots?officeId=${slot.officeId}&from=${slot.start.slice(0, 10)}&to=${slot.start.slice(0, 10)}`);
  const { days } = (await response.json()) as { days: { morning: { start: string }[]; afternoon: { start: string }[] }[] };
  return days.some((d) => [...d.morning, ...d.afternoon].some((s) => s.start === slot.start));
}

function bookingPath(prefix: string, slot: BookableSlot): string {
  const query = new URLSearchParams({ provider: String(slot.providerId), office: String(slot.officeId), slot: slot.start });
  return `${prefix}/book-new-appointment?${query}`;
}

/** A message with its {placeholders} filled (no plurals here). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function stepHeading(page: Page, m: Messages, current: number, total: number, title: string) {
  return page.getByRole('heading', { level: 2, name: fill(m.booking.stepHeading, { current, total, title }) });
}

/** A small valid PNG (the server decodes and re-encodes every image). */
function png(seed: number): Buffer {
  const size = 16;
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0);
    for (let x = 0; x < size; x += 1) rows.push((x * 16 + seed) & 255, (y * 16) & 255, (seed * 40) & 255);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Step 1's answers shared by every test: reason, returning patient, a note, the terms. */
async function answerDetails(page: Page, m: Messages, options: { teledental: boolean }) {
  const b = m.booking;
  if (options.teledental) await page.getByRole('radio', { name: new RegExp(`^${escape(b.visitType.virtual)}`) }).check();
  const reason = page.getByRole('combobox', { name: b.reason.label });
  await page.getByRole('button', { name: b.reason.showAll }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(reason).not.toHaveValue('');
  await page.getByRole('radio', { name: b.patientType.existing }).check();
  await page.getByLabel(b.notes.label).fill('Pain in a lower molar when chewing, since last week.');
  await page.getByRole('checkbox', { name: new RegExp(escape(b.terms.link)) }).check();
}

async function payWithNewCard(page: Page, m: Messages, number: string) {
  const c = m.booking.card;
  await page.getByLabel(c.number, { exact: true }).fill(number);
  await page.getByLabel(c.expiry, { exact: true }).fill('12/34');
  await page.getByLabel(c.cvv, { exact: true }).fill('123');
  await page.getByLabel(c.name, { exact: true }).fill('Ana Tester');
}

for (const [index, { locale, prefix, m }] of LANGUAGES.entries()) {
  test.describe(`booking (${locale})`, () => {
    // Whole journeys with several axe scans, uploads and full navigations: three times the default timeout.
    test.slow();

    test('a visitor picks a slot, logs in, and books a paid teledental visit for a new family member with two images', async ({ page, request }) => {
      const b = m.booking;
      const slot = await bookableSlot(request, index);
      const patient = await createPatient(request);

      // A slot chosen on the provider page (as the listing's cards link to it) leads to booking, through login.
      await page.goto(`${prefix}/provider-details/${slot.providerId}?office=${slot.officeId}&slot=${encodeURIComponent(slot.start)}`);
      await page.getByRole('link', { name: m.slots.book }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/login`);
      await logInWithForm(page, m, patient.email, patient.password);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/book-new-appointment`);
      expect(new URL(page.url()).searchParams.get('slot')).toBe(slot.start);

      await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
      await expect(page.getByRole('list', { name: b.steps.label }).getByRole('listitem')).toHaveCount(2);
      // The picked slot arrives chosen.
      await expect(page.getByText(new RegExp(`^${escape(b.slot.chosen.split('{')[0]!)}`))).toBeVisible();

      // A family member added inline is chosen for the visit.
      await page.getByRole('button', { name: b.patient.addToggle }).click();
      const member = page.getByRole('group', { name: b.patient.addTitle });
      await member.getByLabel(m.fields.firstName, { exact: true }).fill('Lucía');
      await member.getByLabel(m.fields.lastName, { exact: true }).fill('Tester');
      await member.getByLabel(m.family.relationship).selectOption('child');
      await member.getByLabel(m.fields.gender).selectOption('female');
      await member.getByLabel(m.fields.dateOfBirth).fill('2015-06-01');
      await expectNoAxeViolations(page);
      await member.getByRole('button', { name: b.patient.add }).click();
      await expect(page.getByRole('radio', { name: fill(b.patient.member, { name: 'Lucía Tester', relationship: b.relationships.child }) })).toBeChecked();

      await answerDetails(page, m, { teledental: true });
      // Teledental has a fee: the payment step joins the steps.
      await expect(page.getByRole('list', { name: b.steps.label }).getByRole('listitem')).toHaveCount(3);

      await page.getByLabel(b.images.choose).setInputFiles([
        { name: 'upper-teeth.png', mimeType: 'image/png', buffer: png(1) },
        { name: 'lower-teeth.png', mimeType: 'image/png', buffer: png(2) },
      ]);
      await expect(page.getByRole('list', { name: b.images.listLabel }).getByText(b.images.uploaded, { exact: true })).toHaveCount(2);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: b.continue }).click();
      await expect(stepHeading(page, m, 2, 3, b.steps.confirm)).toBeFocused();
      await expect(page.getByText('Lucía Tester')).toBeVisible();
      await expectNoAxeViolations(page);

      // A reload keeps the step and the answers.
      await page.reload();
      await expect(stepHeading(page, m, 2, 3, b.steps.confirm)).toBeVisible();
      await expect(page.getByText('Lucía Tester')).toBeVisible();

      await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
      await expect(stepHeading(page, m, 3, 3, b.steps.payment)).toBeFocused();
      await payWithNewCard(page, m, '4111 1111 1111 1111');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) }).click();

      await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
      const booked = page.getByRole('region', { name: b.booked.title });
      await expect(booked.getByText(b.booked.transactionId, { exact: true })).toBeVisible();
      await expect(booked.getByRole('link', { name: b.booked.viewAppointment })).toHaveAttribute('href', new RegExp(`^${prefix}/appointment-details/[0-9a-f-]{36}$`));
      await expect(booked.getByRole('link', { name: b.booked.myAppointments })).toHaveAttribute('href', `${prefix}/all-appointments`);
      await expect(booked.getByRole('link', { name: b.booked.downloadIcs })).toHaveAttribute('href', /^\/api\/appointments\/[0-9a-f-]{36}\/calendar$/);
      await expect(booked.getByRole('link', { name: new RegExp(`^${escape(b.booked.googleCalendar)}`) })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
      await expectNoAxeViolations(page);
      expect(await slotIsFree(request, slot)).toBe(false);

      // The back button does not book again: the tab remembers the booking.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeVisible();
    });
  });
}

test.describe('booking payments and the two-step variant', () => {
  test.slow();
  const { m } = LANGUAGES[0];
  const b = m.booking;

  async function loggedIn(page: Page, request: APIRequestContext): Promise<TestPatient> {
    const patient = await createPatient(request);
    await loginThroughBff(page, patient);
    return patient;
  }

  test('declined and suspicious test cards show their messages, keep the form and book nothing', async ({ page, request }) => {
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

  test('the card form checks the number and the CVV by card type before anything is sent', async ({ page, request }) => {
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
    await expect(page.getByLabel(b.card.cvv, { exact: true })).toHaveAccessibleDescription(new RegExp(escape(b.card.cvv4)));
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
    await expect(page.getByRole('combobox', { name: b.reason.label })).toHaveAccessibleDescription(new RegExp(escape(m.validation.required)));
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

  test('a card saved while paying is offered on the next booking and can be deleted after confirmation', async ({ page, request }) => {
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
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: b.payment.confirmDelete }).click();
    await expect(page.getByRole('status').filter({ hasText: fill(b.payment.deleted, { card: saved }) })).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(`^${escape(saved)}`) })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: b.payment.newCard })).toBeChecked();
  });
});
