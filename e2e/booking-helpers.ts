import { deflateSync } from 'node:zlib';
import { expect, expectAccessibleAndValid, type TestPatient } from './fixtures';
import { logInWithForm, type Messages } from './auth-helpers';
import type { APIRequestContext, Page } from '@playwright/test';

/*
 * The booking screens' shared steps (SPEC.md section 2 "Booking steps"), used by
 * booking.spec.ts and booking-journey.spec.ts. Teledental providers come from Chicago, away from
 * the New York ones the discovery specs use; each test takes its own provider (an index into the
 * same deterministic list), so parallel tests do not race for one slot.
 */

export const CHICAGO = { latitude: 41.8837, longitude: -87.6289 };

export interface BookableSlot {
  providerId: number;
  officeId: number;
  start: string;
  feeCents: number;
}

/** The `index`-th provider near Chicago offering teledental (payments ready) with a free slot, and that slot. */
export async function bookableSlot(request: APIRequestContext, index: number): Promise<BookableSlot> {
  return (await bookableSlots(request, index, 1))[0]!;
}

/** `count` free slots of that provider, the last ones of the week first (the first ones are the likeliest taken by other specs). */
export async function bookableSlots(request: APIRequestContext, index: number, count: number): Promise<BookableSlot[]> {
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
  const free = days
    .flatMap((d) => [...d.morning, ...d.afternoon])
    .reverse()
    .slice(0, count);
  expect(free.length, `${count} free slots of provider ${provider!.id}`).toBe(count);
  return free.map((slot) => ({
    providerId: provider!.id,
    officeId: provider!.office.id,
    start: slot.start,
    feeCents: provider!.teledentalFeeCents,
  }));
}

export async function slotIsFree(request: APIRequestContext, slot: BookableSlot): Promise<boolean> {
  const response = await request.get(
    `/v4/providers/${slot.providerId}/slots?officeId=${slot.officeId}&from=${slot.start.slice(0, 10)}&to=${slot.start.slice(0, 10)}`,
  );
  const { days } = (await response.json()) as {
    days: { morning: { start: string }[]; afternoon: { start: string }[] }[];
  };
  return days.some((d) => [...d.morning, ...d.afternoon].some((s) => s.start === slot.start));
}

export function bookingPath(prefix: string, slot: BookableSlot): string {
  const query = new URLSearchParams({
    provider: String(slot.providerId),
    office: String(slot.officeId),
    slot: slot.start,
  });
  return `${prefix}/book-new-appointment?${query}`;
}

/** A message with its {placeholders} filled (no plurals here). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function stepHeading(page: Page, m: Messages, current: number, total: number, title: string) {
  return page.getByRole('heading', { level: 2, name: fill(m.booking.stepHeading, { current, total, title }) });
}

/** A small valid PNG (the server decodes and re-encodes every image). */
export function png(seed: number): Buffer {
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
export async function answerDetails(page: Page, m: Messages, options: { teledental: boolean }) {
  const b = m.booking;
  if (options.teledental)
    await page.getByRole('radio', { name: new RegExp(`^${escape(b.visitType.virtual)}`) }).check();
  const reason = page.getByRole('combobox', { name: b.reason.label });
  await page.getByRole('button', { name: b.reason.showAll }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(reason).not.toHaveValue('');
  await page.getByRole('radio', { name: b.patientType.existing }).check();
  await page.getByLabel(b.notes.label).fill('Pain in a lower molar when chewing, since last week.');
  await page.getByRole('checkbox', { name: new RegExp(escape(b.terms.link)) }).check();
}

export async function payWithNewCard(page: Page, m: Messages, number: string) {
  const c = m.booking.card;
  await page.getByLabel(c.number, { exact: true }).fill(number);
  await page.getByLabel(c.expiry, { exact: true }).fill('12/34');
  await page.getByLabel(c.cvv, { exact: true }).fill('123');
  await page.getByLabel(c.name, { exact: true }).fill('Ana Tester');
}

/**
 * The booking screens end to end, as a logged-out visitor: the slot picked on the provider page,
 * login, a new family member added inline, a teledental visit with two teeth images, a reload
 * on the confirm step, payment with the sandbox card 4111 1111 1111 1111, ending on the booked
 * screen (its heading focused). Returns the new appointment's id.
 */
export async function bookForNewFamilyMember(
  page: Page,
  m: Messages,
  prefix: string,
  slot: BookableSlot,
  patient: TestPatient,
): Promise<string> {
  const b = m.booking;
  // A slot chosen on the provider page (as the listing's cards link to it) leads to booking, through login.
  await page.goto(
    `${prefix}/provider-details/${slot.providerId}?office=${slot.officeId}&slot=${encodeURIComponent(slot.start)}`,
  );
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
  await expectAccessibleAndValid(page);
  await member.getByRole('button', { name: b.patient.add }).click();
  await expect(
    page.getByRole('radio', {
      name: fill(b.patient.member, { name: 'Lucía Tester', relationship: b.relationships.child }),
    }),
  ).toBeChecked();

  await answerDetails(page, m, { teledental: true });
  // Teledental has a fee: the payment step joins the steps.
  await expect(page.getByRole('list', { name: b.steps.label }).getByRole('listitem')).toHaveCount(3);

  await page.getByLabel(b.images.choose).setInputFiles([
    { name: 'upper-teeth.png', mimeType: 'image/png', buffer: png(1) },
    { name: 'lower-teeth.png', mimeType: 'image/png', buffer: png(2) },
  ]);
  await expect(
    page.getByRole('list', { name: b.images.listLabel }).getByText(b.images.uploaded, { exact: true }),
  ).toHaveCount(2);
  await expectAccessibleAndValid(page);

  await page.getByRole('button', { name: b.continue }).click();
  await expect(stepHeading(page, m, 2, 3, b.steps.confirm)).toBeFocused();
  await expect(page.getByText('Lucía Tester')).toBeVisible();
  await expectAccessibleAndValid(page);

  // A reload keeps the step and the answers.
  await page.reload();
  await expect(stepHeading(page, m, 2, 3, b.steps.confirm)).toBeVisible();
  await expect(page.getByText('Lucía Tester')).toBeVisible();

  await page.getByRole('button', { name: b.confirmStep.toPayment }).click();
  await expect(stepHeading(page, m, 3, 3, b.steps.payment)).toBeFocused();
  await payWithNewCard(page, m, '4111 1111 1111 1111');
  await expectAccessibleAndValid(page);
  await page.getByRole('button', { name: new RegExp(`^${escape(b.payment.pay.split('{')[0]!)}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
  const view = page.getByRole('region', { name: b.booked.title }).getByRole('link', { name: b.booked.viewAppointment });
  const id = /\/appointment-details\/([0-9a-f-]{36})$/.exec((await view.getAttribute('href')) ?? '')?.[1];
  expect(id, "the booked appointment's id").toBeTruthy();
  return id!;
}

/** Every free slot this week of the `index`-th teledental provider near Chicago (bookableSlots' list). */
export async function freeSlotsOf(request: APIRequestContext, index: number): Promise<BookableSlot[]> {
  const [first] = await bookableSlots(request, index, 1);
  const slots = await request.get(`/v4/providers/${first!.providerId}/slots?officeId=${first!.officeId}`);
  const { days } = (await slots.json()) as { days: { morning: { start: string }[]; afternoon: { start: string }[] }[] };
  return days.flatMap((d) => [...d.morning, ...d.afternoon]).map((s) => ({ ...first!, start: s.start }));
}

/** A /v4 token of the patient's, for booking in a test's setup (the browser's session is its own). */
export async function v4Token(request: APIRequestContext, patient: TestPatient): Promise<string> {
  const response = await request.put('/v4/session', { data: { email: patient.email, password: patient.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** POST /v4/appointments as the patient: an in-office visit for themselves (nothing is due online). */
export async function bookInOffice(request: APIRequestContext, token: string, slot: BookableSlot): Promise<void> {
  const reasons = (await (await request.get('/v4/visitReasons')).json()) as { id: number }[];
  const response = await request.post('/v4/appointments', {
    headers: { 'x-auth-token': token },
    data: {
      idempotencyKey: crypto.randomUUID(),
      providerId: slot.providerId,
      officeId: slot.officeId,
      slotStart: slot.start,
      visitType: 'inOffice',
      visitReasonId: reasons[0]!.id,
      patientType: 'existing',
      notes: 'Sensitive lower left molar when drinking cold water.',
      acceptTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A carrier and plan the provider does not list as in network. */
export async function outOfNetworkPlan(
  request: APIRequestContext,
  providerId: number,
): Promise<{ carrier: string; plan: string }> {
  const detail = (await (await request.get(`/v4/providers/${providerId}`)).json()) as {
    insurance: { plans: { id: number }[] }[];
  };
  const listed = new Set(detail.insurance.flatMap((group) => group.plans.map((plan) => plan.id)));
  const carriers = (await (await request.get('/v4/insuranceCarriers')).json()) as {
    name: string;
    plans: { id: number; name: string }[];
  }[];
  for (const carrier of carriers) {
    const plan = carrier.plans.find((p) => !listed.has(p.id));
    if (plan) return { carrier: carrier.name, plan: plan.name };
  }
  throw new Error(`provider ${providerId} lists every plan as in network`);
}
