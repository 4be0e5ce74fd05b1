/*
 * The process the payment crash test ends (lib/backend/payments/payment-crash.test.ts). Run as
 * `node --conditions=react-server --import tsx lib/testing/payment-crash-child.ts <mode>` on the
 * database the environment names (DATABASE_URL, else PGlite in DATA_DIR), it calls the /v4 API
 * in-process, as the server's route files do, and prints one JSON line per result.
 *   book       seeds, signs a patient up and books a paid visit; with FAULT_INJECT=after-charge
 *              the process kills itself between the gateway's charge and the confirmation
 *   reconcile  ages the unfinished attempts past the grace period (and their holds past their
 *              expiry), optionally lets another patient take the slot, runs one reconciliation
 *              and reports what the gateway and the database say
 */
import { sql } from 'drizzle-orm';
import { tokenizeSandboxCard } from '../api-client/sandbox-accept';
import { getDb } from '../db/client';
import { queryRows } from '../db/raw';
import { seedDiscovery } from '../db/seed/discovery';
import { reconcilePayments } from '../backend/payments/payment-reconciliation';
import { signUpAndLogin, v4 } from './v4';

const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

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

async function book(): Promise<void> {
  const db = await getDb();
  const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from providers`)) as [
    { n: number },
  ];
  if (n === 0) await db.transaction(async (tx) => seedDiscovery(tx as unknown as typeof db, { providers: 40 }));
  const [pair] = await queryRows<{ provider_id: number; office_id: number }>(
    db,
    sql`select po.provider_id, po.office_id from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where po.offers_teledental and o.teledental_payment_ready and po.accepts_new_patients and p.teledental_fee_cents > 0
           and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id limit 1`,
  );
  const [reason] = await queryRows<{ id: number }>(db, sql`select id from visit_reasons order by id limit 1`);
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const slots = await v4(
    'GET',
    `/v4/providers/${pair!.provider_id}/slots?officeId=${pair!.office_id}&from=${from}&to=${to}`,
  );
  const slot = (slots.body.days as { morning: { start: string }[]; afternoon: { start: string }[] }[])
    .flatMap((d) => [...d.morning, ...d.afternoon])
    .find((s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000);
  const patient = await signUpAndLogin();
  const body = {
    idempotencyKey: crypto.randomUUID(),
    providerId: pair!.provider_id,
    officeId: pair!.office_id,
    slotStart: slot!.start,
    visitType: 'virtual',
    visitReasonId: reason!.id,
    patientType: 'new',
    notes: 'Crash test visit.',
    acceptTerms: true,
    payment: { kind: 'newCard', opaqueData: card('4111111111111111'), saveCard: false },
  };
  say({ ready: true, body });
  const reply = await v4('POST', '/v4/appointments', { token: patient.token, body });
  say({ status: reply.status, body: reply.body });
}

async function reconcile(steal: boolean): Promise<void> {
  const db = await getDb();
  // As if the grace period (and the hold's few minutes) had passed since the crash.
  await queryRows(
    db,
    sql`update payment_attempts set created_at = created_at - interval '1 hour' where state in ('started', 'charged')`,
  );
  await queryRows(
    db,
    sql`update appointments set hold_expires_at = now() - interval '1 minute' where status = 'pendingPayment'`,
  );
  let stolen: number | undefined;
  if (steal) {
    const [attempt] = await queryRows<{ provider_id: number; office_id: number; slot_start: string }>(
      db,
      sql`select provider_id, office_id, slot_start from payment_attempts order by created_at limit 1`,
    );
    const [reason] = await queryRows<{ id: number }>(db, sql`select id from visit_reasons order by id limit 1`);
    const other = await signUpAndLogin();
    const reply = await v4('POST', '/v4/appointments', {
      token: other.token,
      body: {
        idempotencyKey: crypto.randomUUID(),
        providerId: attempt!.provider_id,
        officeId: attempt!.office_id,
        slotStart: new Date(attempt!.slot_start).toISOString(),
        visitType: 'inOffice',
        visitReasonId: reason!.id,
        patientType: 'new',
        notes: 'Took the slot after the hold expired.',
        acceptTerms: true,
      },
    });
    stolen = reply.status;
  }
  const outcome = await reconcilePayments();
  // Per attempt: what the gateway holds under its reference, and what its patient has.
  const attempts = await queryRows<{ state: string; charge: string | null; booked: number }>(
    db,
    sql`select pa.state,
               (select s.status from sandbox_payments s where s.kind = 'charge' and s.reference = pa.reference) as charge,
               (select count(*)::int from appointments a
                 where a.patient_user_id = pa.patient_user_id and a.status = 'scheduled' and a.transaction_id is not null) as booked
          from payment_attempts pa order by pa.created_at`,
  );
  say({ stolen, outcome, attempts });
}

const mode = process.argv[2];
(mode === 'book' ? book() : reconcile(process.argv[3] === 'steal'))
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
