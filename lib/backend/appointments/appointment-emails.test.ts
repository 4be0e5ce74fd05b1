import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { queryRows } from '../../db/raw';
import { seedDiscovery } from '../../db/seed/discovery';
import { useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { sendDueReminders } from './appointment-jobs';
import { cancelAppointment } from './appointments-service';

/*
 * What the appointment emails say, read from the outbox: a cancellation tells the refund's real
 * outcome and that its file removes the event, a teledental visit gives its video link and when
 * it opens instead of an address. Clocks are fixed relative to the booked slot.
 */

const database = useTestDatabase();
const HOUR = 3_600_000;

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

interface Pair {
  provider_id: number;
  office_id: number;
}

async function findPair(where: 'teledental' | 'inOffice', skip = 0): Promise<Pair> {
  const condition =
    where === 'teledental'
      ? sql`po.offers_teledental and o.teledental_payment_ready and po.accepts_new_patients and p.teledental_fee_cents > 0`
      : sql`po.accepts_new_patients`;
  const rows = await queryRows<Pair>(
    database.db,
    sql`select po.provider_id, po.office_id
          from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where ${condition} and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id offset ${skip} limit 1`,
  );
  if (!rows[0]) throw new Error(`no provider for ${where}`);
  return rows[0];
}

async function freeSlot(pair: Pair, hoursAhead: number): Promise<string> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const reply = await v4(
    'GET',
    `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`,
  );
  expect(reply.status).toBe(200);
  const starts: string[] = reply.body.days.flatMap(
    (d: { morning: { start: string }[]; afternoon: { start: string }[] }) =>
      [...d.morning, ...d.afternoon].map((s) => s.start),
  );
  const start = starts.find((s) => Date.parse(s) >= Date.now() + hoursAhead * HOUR);
  if (!start) throw new Error('no free slot');
  return start;
}

function card(number: string) {
  const answer = tokenizeSandboxCard({
    cardNumber: number,
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: '123',
  });
  if (!answer.opaqueData) throw new Error('tokeniser refused the test card');
  return answer.opaqueData;
}

async function book(where: 'teledental' | 'inOffice', skip: number, cardNumber = '4111111111111111') {
  const session = await signUpAndLogin();
  const pair = await findPair(where, skip);
  const slotStart = await freeSlot(pair, 50);
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  const reply = await v4('POST', '/v4/appointments', {
    token: session.token,
    body: {
      idempotencyKey: crypto.randomUUID(),
      providerId: pair.provider_id,
      officeId: pair.office_id,
      slotStart,
      visitType: where === 'teledental' ? 'virtual' : 'inOffice',
      visitReasonId: reason!.id,
      patientType: 'new',
      notes: 'A check-up.',
      acceptTerms: true,
      ...(where === 'teledental' ? { payment: { kind: 'newCard', opaqueData: card(cardNumber) } } : {}),
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { ...session, id: reply.body.id as string, start: Date.parse(slotStart) };
}

interface Mail {
  subject: string;
  text_body: string;
  ics: string;
}

async function mails(email: string, subjectStart: string): Promise<Mail[]> {
  const rows = await queryRows<{ subject: string; text_body: string; attachments: { content: string }[] }>(
    database.db,
    sql`select subject, text_body, attachments from outbox_emails
         where to_address = ${email.toLowerCase()} and subject like ${`${subjectStart}%`} order by id`,
  );
  return rows.map((row) => ({ ...row, ics: Buffer.from(row.attachments[0]!.content, 'base64').toString('utf8') }));
}

describe('cancellation emails', () => {
  it('say a refund that could not be made is due, with the support contacts, as the page does', async () => {
    const booked = await book('teledental', 0, '4000000000000069');
    const canceled = await cancelAppointment(
      { sessionId: '', userId: booked.user.id },
      booked.id,
      'en',
      new Date(booked.start - 30 * HOUR),
    );
    expect(canceled.refund).toMatchObject({ status: 'manual' });
    const sent = await mails(booked.email, 'Canceled');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain(
      'is due but could not be made automatically. Please contact support to receive it: support@',
    );
    expect(sent[0]!.text_body).not.toContain('being refunded');
    expect(sent[0]!.text_body).not.toContain('has been refunded');
  });

  it('say a refund made is made, and that the attached file removes the appointment from the calendar', async () => {
    const booked = await book('teledental', 1);
    const canceled = await cancelAppointment(
      { sessionId: '', userId: booked.user.id },
      booked.id,
      'en',
      new Date(booked.start - 30 * HOUR),
    );
    expect(canceled.refund).toMatchObject({ status: 'refunded' });
    const [mail] = await mails(booked.email, 'Canceled');
    expect(mail!.text_body).toMatch(/\$[\d.,]+ has been refunded to your card\./);
    expect(mail!.text_body).toContain('The attached file removes the appointment from your calendar.');
    expect(mail!.text_body).not.toContain('adds the appointment');
    expect(mail!.ics).toContain('METHOD:CANCEL');
    expect(mail!.ics).toContain(`UID:${booked.id}@dental-booking`);
  });

  it('are sent once for a cancellation with nothing to refund, over HTTP too', async () => {
    const booked = await book('inOffice', 2);
    expect((await v4('PUT', `/v4/appointments/${booked.id}/cancel`, { token: booked.token })).status).toBe(200);
    const sent = await mails(booked.email, 'Canceled');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain('removes the appointment from your calendar');
  });
});

describe('teledental emails', () => {
  it('give the video link and when it opens, and no street address; in-office ones give the address', async () => {
    const video = await book('teledental', 3);
    const [confirmation] = await mails(video.email, 'Booked');
    expect(confirmation!.text_body).toMatch(/Video link: https:\/\/\S+DentalBooking-\S+/);
    expect(confirmation!.text_body).toMatch(/The video call opens on .+ at .+, 15 minutes before the start\./);
    expect(confirmation!.text_body).not.toContain('Where:');
    expect(confirmation!.text_body).toContain('The attached invitation adds the appointment to your calendar.');

    await database.db.execute(
      sql`update appointments set created_at = created_at - interval '30 days' where id = ${video.id}`,
    );
    expect(await sendDueReminders(new Date(video.start - 23 * HOUR))).toBeGreaterThanOrEqual(1);
    const [reminder] = await mails(video.email, 'Reminder');
    expect(reminder!.text_body).toMatch(/Video link: https:\/\/\S+DentalBooking-\S+/);
    expect(reminder!.text_body).toContain('15 minutes before the start');
    expect(reminder!.text_body).not.toContain('Where:');

    const office = await book('inOffice', 4);
    const [inOffice] = await mails(office.email, 'Booked');
    expect(inOffice!.text_body).toMatch(/Where: .+, [A-Z]{2} \d{5}/);
    expect(inOffice!.text_body).not.toContain('Video link');
  });
});
