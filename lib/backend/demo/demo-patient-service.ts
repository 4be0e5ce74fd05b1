import 'server-only';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { bookAppointmentRequestSchema, type BookAppointmentRequest } from '../../contracts/appointments';
import { updateMemberInsuranceRequestSchema } from '../../contracts/insurance';
import { SANDBOX_DATA_DESCRIPTOR, type SandboxTokenPayload } from '../../contracts/sandbox-cards';
import { serverEnv } from '../../config/server-env';
import { inTransaction } from '../../db/transaction';
import { paymentGateway } from '../adapters/payments/payment-adapter';
import { sandboxGateway } from '../adapters/payments/sandbox-gateway';
import { bookAppointment, cancelAppointment } from '../appointments/appointments-service';
import { recordOfficeStatus } from '../appointments/office-service';
import { listCards } from '../cards/cards-service';
import { IMAGE_FIELD, uploadImages } from '../images/images-service';
import { listInsurance, updateMemberInsurance } from '../insurance/insurance-service';
import { providerSlots } from '../providers/slots-service';
import {
  findCandidates,
  findDemoPatientId,
  findSomePlan,
  findVisitReasonId,
  hasUpcomingVisit,
  type DemoCandidate,
} from './demo-repository';
import type { AuthenticatedSession } from '../auth/auth-service';

/*
 * The demo patient's lived-in account (README "Demo data"): an upcoming in-office visit, an
 * upcoming teledental visit paid with a sandbox card (the card is saved), a completed past visit
 * to review, a canceled one with its refund and an insurance card with both images (the family
 * member comes with the reference seed, the favourite dentist and practice with the generated ones). Made through the same services the API
 * uses, so every row is one the product itself could have written, with dates relative to now.
 *
 * Only for a demo database: the generated dentists are there (SEED_PROVIDERS > 0) and payments
 * go to the embedded sandbox gateway; a database seeded without them (production) is left alone.
 * It runs at start and hourly, and does anything only when the demo patient has no visit to come,
 * so a server that runs for days (or a demo patient who canceled everything) gets fresh visits.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** The demo patient lives in New York (the reference seed's address). */
const NEW_YORK = { lat: 40.7549, lng: -73.984 };
/** The nearest offices are where discovery examples and tests start: the demo's visits go a little further out. */
const SKIP_NEAREST = 40;

export function isDemoDatabase(): boolean {
  return serverEnv().SEED_PROVIDERS > 0 && paymentGateway() === sandboxGateway;
}

/** Opaque data as the browser's sandbox tokeniser makes it for an approved Visa (README "Payments"). */
function sandboxVisa(): { dataDescriptor: string; dataValue: string } {
  const payload: SandboxTokenPayload = {
    v: 1,
    brand: 'visa',
    last4: '1111',
    outcome: 'approved',
    nonce: crypto.randomBytes(16).toString('hex'),
  };
  return {
    dataDescriptor: SANDBOX_DATA_DESCRIPTOR,
    dataValue: Buffer.from(JSON.stringify(payload)).toString('base64url'),
  };
}

/** The first free slot of a provider at an office starting at least `leadMs` after `now`. */
async function slotAfter(candidate: DemoCandidate, now: Date, leadMs: number): Promise<string | undefined> {
  const slots = await providerSlots(candidate.provider_id, { officeId: candidate.office_id }, now);
  return slots.days
    .flatMap((day) => [...day.morning, ...day.afternoon])
    .map((slot) => slot.start)
    .find((start) => Date.parse(start) >= now.getTime() + leadMs);
}

async function book(
  auth: AuthenticatedSession,
  candidates: readonly DemoCandidate[],
  request: Omit<BookAppointmentRequest, 'providerId' | 'officeId' | 'slotStart' | 'idempotencyKey'>,
  now: Date,
  leadMs: number,
  latestStart = Number.POSITIVE_INFINITY,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    const start = await slotAfter(candidate, now, leadMs);
    if (!start || Date.parse(start) > latestStart) continue;
    const input = bookAppointmentRequestSchema.parse({
      ...request,
      idempotencyKey: crypto.randomUUID(),
      providerId: candidate.provider_id,
      officeId: candidate.office_id,
      slotStart: start,
    });
    try {
      return (await bookAppointment(auth, input, 'en', now)).id;
    } catch {
      // Taken meanwhile, or this provider does not fit: the next one.
    }
  }
  return undefined;
}

/** A small insurance card picture, drawn at seed time (no image files in the repository). */
function cardImage(side: 'FRONT' | 'BACK'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="28" fill="${side === 'FRONT' ? '#ede9fe' : '#f1f5f9'}"/>
    <rect x="0" y="60" width="640" height="56" fill="#6d28d9"/>
    <text x="32" y="100" font-family="sans-serif" font-size="32" fill="#fff">DEMO DENTAL PLAN</text>
    <text x="32" y="190" font-family="sans-serif" font-size="28" fill="#0f172a">Dana Demo</text>
    <text x="32" y="240" font-family="sans-serif" font-size="24" fill="#334155">Member ID DEMO-0042-7781</text>
    <text x="32" y="350" font-family="sans-serif" font-size="22" fill="#64748b">${side} - sample card, not valid for care</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function ensureInsurance(auth: AuthenticatedSession): Promise<void> {
  const own = (await listInsurance(auth)).find((person) => !person.isFamilyMember);
  if (!own || own.insurance) return;
  const plan = await findSomePlan();
  if (!plan) return;
  const [front] = await uploadImages(auth, { purpose: 'insurance' }, [
    { field: IMAGE_FIELD, filename: 'front.png', bytes: await cardImage('FRONT') },
  ]);
  const [back] = await uploadImages(auth, { purpose: 'insurance' }, [
    { field: IMAGE_FIELD, filename: 'back.png', bytes: await cardImage('BACK') },
  ]);
  if (!front || !back) return;
  await updateMemberInsurance(
    auth,
    updateMemberInsuranceRequestSchema.parse({
      appUserId: auth.userId,
      isFamilyMember: false,
      insuranceDetails: {
        carrierId: plan.carrier_id,
        planId: plan.plan_id,
        memberId: 'DEMO-0042-7781',
        frontImageId: front.id,
        backImageId: back.id,
      },
    }),
  );
}

/**
 * Fills the demo patient's account when it has no visit to come. Returns whether it did.
 * `now` is a parameter so a test can run it at any date.
 */
export async function refreshDemoPatient(now: Date = new Date()): Promise<boolean> {
  if (!isDemoDatabase()) return false;
  const userId = await findDemoPatientId();
  if (!userId || (await hasUpcomingVisit(userId, now))) return false;
  const auth: AuthenticatedSession = { sessionId: 'demo-seed', userId };
  const visitReasonId = await findVisitReasonId('dental-cleaning');
  if (!visitReasonId) return false;
  const candidates = await findCandidates(NEW_YORK.lat, NEW_YORK.lng, SKIP_NEAREST, 80);
  const teledental = candidates.filter((c) => c.teledental);
  const common = { visitReasonId, patientType: 'existing' as const, acceptTerms: true as const, imageIds: [] };

  // A completed visit last week, booked as it would have been then, and reviewable now.
  const weekAgo = new Date(now.getTime() - 8 * DAY_MS);
  const pastId = await book(
    auth,
    candidates,
    { ...common, visitType: 'inOffice', notes: 'Six-month cleaning and check-up.' },
    weekAgo,
    DAY_MS,
    now.getTime() - 2 * DAY_MS,
  );
  if (pastId) {
    await inTransaction(() => recordOfficeStatus(pastId, 'scheduled', 'completed'));
  }

  // The upcoming in-office visit, and the teledental one paid with a sandbox Visa that is saved as the default card.
  await book(
    auth,
    candidates.slice(1),
    { ...common, visitType: 'inOffice', notes: 'A chipped front tooth, no pain.' },
    now,
    2 * DAY_MS,
  );
  const saved = (await listCards(auth))[0];
  await book(
    auth,
    teledental,
    {
      ...common,
      visitType: 'virtual',
      notes: 'Follow-up on sensitivity to cold drinks.',
      payment: saved
        ? { kind: 'savedCard', cardId: saved.id }
        : { kind: 'newCard', opaqueData: sandboxVisa(), saveCard: true, isPrimary: true },
    },
    now,
    3 * DAY_MS,
  );

  // A teledental visit canceled in time: its fee refunded to the card.
  const card = (await listCards(auth))[0];
  const canceledId = await book(
    auth,
    teledental.slice(1),
    {
      ...common,
      visitType: 'virtual',
      notes: 'Question about whitening options.',
      payment: card
        ? { kind: 'savedCard', cardId: card.id }
        : { kind: 'newCard', opaqueData: sandboxVisa(), saveCard: false, isPrimary: false },
    },
    now,
    4 * DAY_MS,
  );
  if (canceledId) await cancelAppointment(auth, canceledId, 'en', now);

  await ensureInsurance(auth);
  return true;
}
