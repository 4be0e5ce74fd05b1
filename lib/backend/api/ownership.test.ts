import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenizeSandboxCard } from '../../api-client/sandbox-accept';
import { officeKeyHeadersSchema } from '../../contracts/appointments';
import { v4Path, v4Routes, type V4RouteId } from '../../contracts/routes';
import { seedDiscovery } from '../../db/seed/discovery';
import { sha256 } from '../../security/password';
import { routeIdFields } from '../../testing/route-ids';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin, v4, type V4Reply } from '../../testing/v4';
import { jar } from '../../testing/next-headers-mock';
import { dispatchV4 } from './dispatch';

/*
 * "a patient sees and changes only their own data and their own family members';
 * another patient's ids answer 404". Patient A owns one of everything; patient B calls every
 * authenticated /v4 route that takes an id (path, query or body) with A's ids. The table below
 * must name every such route and every id field of it (read from the route contracts), so a new
 * id-taking route or field without a case fails here. Afterwards A's data is exactly as before.
 */

vi.mock('next/headers', () => import('../../testing/next-headers-mock'));

const database = useTestDatabase();

/** What B sends: the route's method and path come from the route table. */
interface Attack {
  label: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** B's session, another office's key, or nobody. */
  as?: 'B' | 'officeB' | 'anonymous';
  /** 404 notFound unless said otherwise (the documented answer of the route). */
  expect?: (reply: V4Reply) => void;
}

interface Case {
  /** Id fields of the route that carry A's ids in one of the attacks. */
  attacked: string[];
  /** Id fields that are not anyone's data, with the reason (catalogue ids, ids the caller chooses). */
  notOwned?: Record<string, string>;
  attacks: (a: World) => Promise<Attack[]> | Attack[];
}

interface World {
  a: {
    token: string;
    userId: string;
    familyId: string;
    profileImageId: string;
    teethImageId: string;
    frontImageId: string;
    backImageId: string;
    cardId: string;
    appointmentId: string;
    completedId: string;
    reviewId: string;
    offerId: string;
    conversationId: string;
    providerId: number;
    clinicId: number;
    idempotencyKey: string;
  };
  b: { token: string; userId: string; email: string; password: string; frontImageId: string; backImageId: string };
  officeKeyB: string;
  /** B's booking under A's idempotency key. */
  keyAttackBody: Record<string, unknown>;
  booking: (overrides?: Record<string, unknown>) => Promise<Record<string, unknown>>;
  carrier: { id: number; planId: number };
}

const CATALOGUE = "a public catalogue id (providers, offices, visit reasons, insurance plans), nobody's data";
const notFound = (reply: V4Reply) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(404);
  expect(reply.body.errorCode).toBe('notFound');
};

const cases: Partial<Record<V4RouteId, Case>> = {
  getImage: { attacked: ['path.id'], attacks: ({ a }) => [{ label: "A's image", params: { id: a.teethImageId } }] },
  deleteImage: { attacked: ['path.id'], attacks: ({ a }) => [{ label: "A's image", params: { id: a.teethImageId } }] },
  setProfilePhoto: {
    attacked: ['body.imageId'],
    attacks: ({ a }) => [{ label: "A's profile image", body: { imageId: a.profileImageId } }],
  },
  getAppointment: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  cancelAppointment: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  appointmentCalendar: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  rescheduleAppointment: {
    attacked: ['path.id'],
    notOwned: { 'body.officeId': CATALOGUE },
    attacks: async ({ a, booking }) => {
      const { officeId, slotStart } = await booking();
      return [{ label: "A's appointment", params: { id: a.appointmentId }, body: { officeId, slotStart } }];
    },
  },
  writeReview: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      { label: "A's completed appointment", params: { id: a.completedId }, body: { rating: 1, text: 'Not mine.' } },
    ],
  },
  updateReview: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's review", params: { id: a.reviewId }, body: { rating: 1, text: 'Not mine.' } }],
  },
  deleteReview: { attacked: ['path.id'], attacks: ({ a }) => [{ label: "A's review", params: { id: a.reviewId } }] },
  // /submit-feedback's check and save say nothing of another patient's visit, completed or not.
  checkFeedback: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      { label: "A's completed appointment", params: { id: a.completedId } },
      { label: "A's upcoming appointment", params: { id: a.appointmentId } },
    ],
  },
  saveFeedback: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      { label: "A's completed appointment", params: { id: a.completedId }, body: { rating: 1, text: 'Not mine.' } },
      { label: "A's upcoming appointment", params: { id: a.appointmentId }, body: { rating: 1, text: 'Not mine.' } },
    ],
  },
  updateFamilyMember: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      {
        label: "A's family member",
        params: { id: a.familyId },
        body: { firstName: 'Mal', lastName: 'Lory', relationship: 'child', gender: 'male', dateOfBirth: '2018-01-01' },
      },
    ],
  },
  deleteFamilyMember: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's family member", params: { id: a.familyId } }],
  },
  setDefaultCard: { attacked: ['path.id'], attacks: ({ a }) => [{ label: "A's card", params: { id: a.cardId } }] },
  deleteCard: { attacked: ['path.id'], attacks: ({ a }) => [{ label: "A's card", params: { id: a.cardId } }] },
  updateMemberInsurance: {
    attacked: ['body.appUserId', 'body.insuranceDetails.frontImageId', 'body.insuranceDetails.backImageId'],
    notOwned: {
      'body.insuranceDetails.carrierId': CATALOGUE,
      'body.insuranceDetails.planId': CATALOGUE,
      'body.insuranceDetails.memberId': 'the number on the card, text the patient types',
    },
    attacks: ({ a, b, carrier }) => {
      const details = (front: string, back: string) => ({
        carrierId: carrier.id,
        planId: carrier.planId,
        memberId: 'B-1',
        frontImageId: front,
        backImageId: back,
      });
      return [
        {
          label: 'A as the insured person',
          body: {
            appUserId: a.userId,
            isFamilyMember: false,
            insuranceDetails: details(b.frontImageId, b.backImageId),
          },
        },
        {
          label: 'A as a family member of B',
          body: { appUserId: a.userId, isFamilyMember: true, insuranceDetails: details(b.frontImageId, b.backImageId) },
        },
        {
          label: "A's family member",
          body: {
            appUserId: a.familyId,
            isFamilyMember: true,
            insuranceDetails: details(b.frontImageId, b.backImageId),
          },
        },
        {
          label: "A's front image",
          body: {
            appUserId: b.userId,
            isFamilyMember: false,
            insuranceDetails: details(a.frontImageId, b.backImageId),
          },
        },
        {
          label: "A's back image",
          body: {
            appUserId: b.userId,
            isFamilyMember: false,
            insuranceDetails: details(b.frontImageId, a.backImageId),
          },
        },
      ];
    },
  },
  bookAppointment: {
    attacked: [
      'body.familyMemberId',
      'body.imageIds',
      'body.rescheduleOf',
      'body.payment.cardId',
      'body.idempotencyKey',
    ],
    notOwned: {
      'body.providerId': CATALOGUE,
      'body.officeId': CATALOGUE,
      'body.visitReasonId': CATALOGUE,
      'body.insurancePlanId': CATALOGUE,
    },
    attacks: async ({ a, booking }: World) => [
      { label: "A's family member", body: await booking({ familyMemberId: a.familyId }) },
      { label: "A's teeth image", body: await booking({ imageIds: [a.teethImageId] }) },
      { label: "A's appointment to replace", body: await booking({ rescheduleOf: a.appointmentId }) },
      {
        label: "A's saved card",
        body: await booking({ teledental: true, payment: { kind: 'savedCard', cardId: a.cardId } }),
      },
      {
        // An idempotency key is the caller's own: A's key books for B, never answers A's booking.
        // One body for every leg: B's retry of it (the BFF leg) answers B's own first booking.
        label: "A's idempotency key",
        body:
          a.idempotencyKey === world.a.idempotencyKey
            ? world.keyAttackBody
            : await booking({ idempotencyKey: a.idempotencyKey }),
        expect: (reply) => {
          expect(reply.status, JSON.stringify(reply.body)).toBe(201);
          expect(reply.body.id).not.toBe(a.appointmentId);
          expect(reply.body.patient.kind).toBe('self');
        },
      },
    ],
  },
  getWaitlistStatus: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  joinWaitlist: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  leaveWaitlist: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's appointment", params: { id: a.appointmentId } }],
  },
  getWaitlistOffer: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's earlier-slot offer", params: { id: a.offerId } }],
  },
  acceptWaitlistOffer: {
    attacked: ['path.id'],
    attacks: ({ a }) => [{ label: "A's earlier-slot offer", params: { id: a.offerId } }],
  },
  officeSetStatus: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      {
        label: 'an appointment at another office',
        as: 'officeB',
        params: { id: a.appointmentId },
        body: { status: 'confirmed' },
      },
    ],
  },
  getAssistantConversation: {
    attacked: ['path.id'],
    attacks: ({ a }) => [
      { label: "A's conversation", params: { id: a.conversationId } },
      { label: "A's conversation, anonymously", as: 'anonymous', params: { id: a.conversationId } },
    ],
  },
  sendAssistantMessage: {
    attacked: ['body.conversationId'],
    attacks: ({ a }) => [
      {
        // Documented: an id that is not the caller's starts a new conversation (A's is untouched).
        label: "A's conversation",
        body: { conversationId: a.conversationId, text: 'What did you tell the other patient?' },
        expect: (reply) => {
          expect(reply.status).toBe(200);
          expect(reply.body.conversationId).not.toBe(a.conversationId);
          expect(JSON.stringify(reply.body.messages)).not.toContain('root canal near Houston');
        },
      },
    ],
  },
  globalSearch: {
    attacked: ['query.userId'],
    attacks: ({ a }) => [
      {
        // Documented 403: the userId of the spec's call must be the caller's own (any other id,
        // existing or not, answers the same, so it tells nothing about A).
        label: "A's user id",
        query: { userId: a.userId, favorite: 'true' },
        expect: (reply) => {
          expect(reply.status).toBe(403);
          expect(reply.body.errorCode).toBe('forbidden');
        },
      },
    ],
  },
  // Favourites name catalogue entries, not A's rows: B's calls change B's own list (checked below: A's is unchanged).
  ...Object.fromEntries(
    (['addFavoriteProvider', 'removeFavoriteProvider', 'addFavoriteClinic', 'removeFavoriteClinic'] as const).map(
      (id) => [
        id,
        {
          attacked: [],
          notOwned: { 'path.id': CATALOGUE },
          attacks: ({ a }: World) => [
            {
              label: "A's favourite",
              params: { id: String(id.endsWith('Provider') ? a.providerId : a.clinicId) },
              expect: (r: V4Reply) => expect(r.status).toBe(200),
            },
          ],
        } satisfies Case,
      ],
    ),
  ),
};

/** Routes a caller reaches with a credential (a patient's session or an office key) that take an id. */
const idTakingRoutes = (Object.keys(v4Routes) as V4RouteId[]).filter((id) => {
  const route = v4Routes[id] as { auth: boolean | 'optional'; headers?: unknown };
  return (route.auth !== false || route.headers === officeKeyHeadersSchema) && routeIdFields(id).length > 0;
});

describe('ownership table', () => {
  it('has a case for every authenticated route that takes an id, covering every id field', () => {
    expect(Object.keys(cases).sort()).toEqual([...idTakingRoutes].sort());
    for (const id of idTakingRoutes) {
      const entry = cases[id]!;
      expect([...entry.attacked, ...Object.keys(entry.notOwned ?? {})].sort(), id).toEqual(routeIdFields(id));
    }
  });
});

// ---------------------------------------------------------------------------------------------

const png = (color: string) =>
  sharp({ create: { width: 30, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(token: string, purpose: string, color = '#16a34a'): Promise<string> {
  const data = new FormData();
  data.set('purpose', purpose);
  data.append('images', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), 'x.png');
  const response = await dispatchV4(
    new Request('http://test/v4/images', {
      method: 'POST',
      body: data,
      headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp() },
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

function ok(reply: V4Reply, status = 200): V4Reply {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply;
}

const cardData = () =>
  tokenizeSandboxCard({
    cardNumber: '4111111111111111',
    month: '12',
    year: String(new Date().getFullYear() + 2),
    cardCode: '123',
  }).opaqueData!;

let world: World;
const slotsUsed = new Set<string>();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 60 });
  });
  const [reason] = await queryRows<{ id: number }>(database.db, sql`select id from visit_reasons order by id limit 1`);
  const pairs = await queryRows<{ provider_id: number; office_id: number; teledental: boolean }>(
    database.db,
    sql`select po.provider_id, po.office_id,
               (po.offers_teledental and o.teledental_payment_ready and p.teledental_fee_cents > 0) as teledental
          from provider_offices po join offices o on o.id = po.office_id join providers p on p.id = po.provider_id
         where po.accepts_new_patients and jsonb_array_length(o.business_hours) >= 5 and cardinality(po.working_days) >= 4
         order by po.provider_id, po.office_id`,
  );
  const inOffice = pairs[0]!;
  const teledental = pairs.find((p) => p.teledental)!;
  expect(teledental).toBeDefined();

  async function freeSlot(pair: { provider_id: number; office_id: number }): Promise<string> {
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
    const reply = ok(
      await v4('GET', `/v4/providers/${pair.provider_id}/slots?officeId=${pair.office_id}&from=${from}&to=${to}`),
    );
    const starts: string[] = reply.body.days.flatMap(
      (d: { morning: { start: string }[]; afternoon: { start: string }[] }) =>
        [...d.morning, ...d.afternoon].map((s) => s.start),
    );
    // Each attack gets its own slot, so a booking that went through would not hide behind "slot taken".
    const start = starts.find((s) => Date.parse(s) > Date.now() + 30 * 3_600_000 && !slotsUsed.has(s))!;
    slotsUsed.add(start);
    return start;
  }

  async function booking(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const { teledental: virtual, ...rest } = overrides;
    const pair = virtual ? teledental : inOffice;
    return {
      idempotencyKey: crypto.randomUUID(),
      providerId: pair.provider_id,
      officeId: pair.office_id,
      slotStart: await freeSlot(pair),
      visitType: virtual ? 'virtual' : 'inOffice',
      visitReasonId: reason!.id,
      patientType: 'new',
      notes: 'Checking ownership.',
      acceptTerms: true,
      ...rest,
    };
  }

  // Patient A: one of everything.
  const a = await signUpAndLogin({ firstName: 'Alma', lastName: 'Owner' });
  const aUser = ok(await v4('GET', '/v4/patientAppUser', { token: a.token })).body[0];
  const profileImageId = await upload(a.token, 'profile', '#dc2626');
  ok(await v4('PUT', '/v4/patientAppUser/photo', { token: a.token, body: { imageId: profileImageId } }));
  const teethImageId = await upload(a.token, 'teeth', '#2563eb');
  const frontImageId = await upload(a.token, 'insurance', '#ca8a04');
  const backImageId = await upload(a.token, 'insurance', '#9333ea');
  const family = ok(
    await v4('POST', '/v4/family', {
      token: a.token,
      body: { firstName: 'Leo', lastName: 'Owner', relationship: 'child', gender: 'male', dateOfBirth: '2019-03-08' },
    }),
    201,
  ).body;
  const suffix = crypto.randomUUID().slice(0, 8);
  const [carrierRow] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into insurance_carriers (name) values (${`Owner Dental ${suffix}`}) returning id`,
  );
  const [plan] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into insurance_plans (carrier_id, name) values (${carrierRow!.id}, 'PPO') returning id`,
  );
  const carrier = { id: carrierRow!.id, planId: plan!.id };
  ok(
    await v4('PUT', '/v4/updateFadMemberInsurance', {
      token: a.token,
      body: {
        appUserId: aUser.id,
        isFamilyMember: false,
        insuranceDetails: { carrierId: carrier.id, planId: carrier.planId, memberId: 'A-1', frontImageId, backImageId },
      },
    }),
  );
  const card = ok(await v4('POST', '/v4/cards', { token: a.token, body: { opaqueData: cardData() } }), 201).body;
  const aBooking = await booking({ imageIds: [teethImageId], familyMemberId: family.id });
  const appointment = ok(await v4('POST', '/v4/appointments', { token: a.token, body: aBooking }), 201).body;
  // A completed visit in the past, inserted as the reviews suite does (completion rules are the appointments suite's).
  const start = new Date(Date.UTC(2025, 2, 3, 15));
  const [completed] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into appointments (patient_user_id, provider_id, office_id, starts_at, ends_at, time_zone, visit_type,
                                  visit_reason_id, patient_type, notes, status, language, idempotency_key, request_hash)
        values (${aUser.id}, ${inOffice.provider_id}, ${inOffice.office_id}, ${start.toISOString()}, ${new Date(start.getTime() + 3_600_000).toISOString()},
                'America/New_York', 'inOffice', ${reason!.id}, 'new', 'Check-up', 'completed', 'en', ${crypto.randomUUID()}, 'test')
        returning id`,
  );
  const review = ok(
    await v4('POST', `/v4/appointments/${completed!.id}/review`, {
      token: a.token,
      body: { rating: 5, text: 'Mine.' },
    }),
    201,
  ).body;
  // A waits for an earlier slot, and holds an offer of one (inserted as the waitlist's cancel would).
  ok(await v4('PUT', `/v4/appointments/${appointment.id}/waitlist`, { token: a.token }));
  const [offer] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into waitlist_offers (appointment_id, office_id, slot_start)
        values (${appointment.id}, ${inOffice.office_id}, ${new Date(Date.parse(appointment.start ?? aBooking.slotStart) - 86_400_000).toISOString()})
        returning id`,
  );
  ok(await v4('PUT', `/v4/favorites/providers/${inOffice.provider_id}`, { token: a.token }));
  ok(await v4('PUT', `/v4/favorites/clinics/${inOffice.office_id}`, { token: a.token }));
  const conversation = ok(
    await v4('POST', '/v4/assistant/messages', {
      token: a.token,
      body: { text: 'I need a root canal near Houston tomorrow' },
    }),
  ).body;

  // Patient B, with card images of their own (so only A's ids make a request wrong).
  const b = await signUpAndLogin({ firstName: 'Bruno', lastName: 'Other' });
  const bUser = ok(await v4('GET', '/v4/patientAppUser', { token: b.token })).body[0];
  // Another office's key: B's side of the office API.
  const officeKeyB = `test-office-${crypto.randomUUID()}`;
  const [otherOffice] = await queryRows<{ id: number }>(
    database.db,
    sql`select id from offices where id <> ${inOffice.office_id} order by id limit 1`,
  );
  await database.db.execute(
    sql`insert into office_api_keys (key_hash, office_id, label) values (${sha256(officeKeyB)}, ${otherOffice!.id}, 'test')`,
  );

  world = {
    a: {
      token: a.token,
      userId: aUser.id,
      familyId: family.id,
      profileImageId,
      teethImageId,
      frontImageId,
      backImageId,
      cardId: card.id,
      appointmentId: appointment.id,
      completedId: completed!.id,
      reviewId: review.id,
      offerId: offer!.id,
      conversationId: conversation.conversationId,
      providerId: inOffice.provider_id,
      clinicId: inOffice.office_id,
      idempotencyKey: aBooking.idempotencyKey as string,
    },
    b: {
      token: b.token,
      userId: bUser.id,
      email: b.email,
      password: b.password,
      frontImageId: await upload(b.token, 'insurance', '#0891b2'),
      backImageId: await upload(b.token, 'insurance', '#be123c'),
    },
    officeKeyB,
    keyAttackBody: await booking({ idempotencyKey: aBooking.idempotencyKey }),
    booking,
    carrier,
  };
}, 120_000);

/** Everything A can see of their own data, images by their bytes' hash. */
async function snapshotOfA() {
  const token = world.a.token;
  const get = async (path: string) => ok(await v4('GET', path, { token })).body;
  const imageHash = async (id: string) => {
    const response = await dispatchV4(
      new Request(`http://test/v4/images/${id}`, { headers: { 'x-auth-token': token, 'x-forwarded-for': randomIp() } }),
    );
    return `${response.status} ${crypto
      .createHash('sha256')
      .update(Buffer.from(await response.arrayBuffer()))
      .digest('hex')}`;
  };
  const { a } = world;
  return {
    user: await get('/v4/patientAppUser'),
    family: await get('/v4/family'),
    insurance: await get('/v4/insurance'),
    reviews: await get('/v4/reviews'),
    cards: await get('/v4/cards'),
    favorites: await get('/v4/favorites/ids'),
    upcoming: await get('/v4/appointments?tab=upcoming'),
    past: await get('/v4/appointments?tab=past'),
    canceled: await get('/v4/appointments?tab=canceled'),
    appointment: await get(`/v4/appointments/${a.appointmentId}`),
    completed: await get(`/v4/appointments/${a.completedId}`),
    conversation: await get(`/v4/assistant/conversations/${a.conversationId}`),
    waitlist: await get(`/v4/appointments/${a.appointmentId}/waitlist`),
    offer: await get(`/v4/waitlistOffers/${a.offerId}`),
    images: await Promise.all([a.profileImageId, a.teethImageId, a.frontImageId, a.backImageId].map(imageHash)),
  };
}

/**
 * The same attacks with ids that exist nowhere: they must answer as A's do (the booking bug this
 * found: an unknown rescheduleOf reached a foreign key and answered 500). Catalogue ids stay real.
 */
function ghostWorld(): World {
  const ghost = Object.fromEntries(
    Object.entries(world.a).map(([name, value]) => [
      name,
      typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) ? crypto.randomUUID() : value,
    ]),
  ) as World['a'];
  return { ...world, a: { ...ghost, conversationId: crypto.randomBytes(32).toString('base64url') } };
}

describe("another patient's ids, and ids that exist nowhere", () => {
  it.each(
    (Object.keys(cases) as V4RouteId[]).flatMap(
      (id) =>
        [
          [id, "A's ids"],
          [id, 'unknown ids'],
        ] as const,
    ),
  )('%s with %s answers B as documented and changes nothing of A', async (routeId, kind) => {
    const before = await snapshotOfA();
    const route = v4Routes[routeId];
    for (const attack of await cases[routeId]!.attacks(kind === "A's ids" ? world : ghostWorld())) {
      const query = attack.query ? `?${new URLSearchParams(attack.query)}` : '';
      const as = attack.as ?? 'B';
      const reply = await v4(route.method, v4Path(routeId, attack.params) + query, {
        token: as === 'B' ? world.b.token : undefined,
        headers: as === 'officeB' ? { 'x-office-key': world.officeKeyB } : undefined,
        body: attack.body,
      });
      try {
        (attack.expect ?? notFound)(reply);
      } catch (error) {
        throw new Error(`${routeId} with ${attack.label}: ${(error as Error).message}`);
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// The same through the BFF (/api, the browser's way in, with B's session cookie): every BFF
// handler that reaches one of the routes above must have an entry, read from app/api's files.

const API_DIR = path.resolve(__dirname, '../../../app/api');

/** `GET /api/family/[id]` → the /v4 routes its handler calls (callV4 or forwardV4). */
function bffHandlers(): Map<string, { file: string; method: string; routes: V4RouteId[] }> {
  const found = new Map<string, { file: string; method: string; routes: V4RouteId[] }>();
  for (const relative of fs.readdirSync(API_DIR, { recursive: true }) as string[]) {
    if (!relative.endsWith('route.ts')) continue;
    const source = fs.readFileSync(path.join(API_DIR, relative), 'utf8');
    const urlPath = `/api/${path.dirname(relative)}`.replace(/\/\.$/, '');
    for (const chunk of source.split(/(?=export const (?:GET|POST|PUT|DELETE|PATCH) =)/)) {
      const method = /^export const (\w+) =/.exec(chunk)?.[1];
      if (!method) continue;
      const routes = [...chunk.matchAll(/(?:callV4|forwardV4)(?:<[^>]*>)?\(\s*'(\w+)'/g)].map((m) => m[1] as V4RouteId);
      found.set(`${method} ${urlPath}`, { file: relative, method, routes });
    }
  }
  return found;
}

interface BffRequest {
  params?: Record<string, string>;
  body?: unknown;
  cookie?: [string, string];
}

interface BffCase {
  route: V4RouteId;
  /** The BFF's request for one /v4 attack; undefined: that attack has no BFF form (e.g. the office API). */
  request?: (attack: Attack) => BffRequest | undefined;
  /** When the BFF answers differently from /v4, the documented BFF answer. */
  expect?: (reply: V4Reply, attack: Attack) => void;
  /** The handler takes no id from the browser, with the reason. */
  noIdFromBrowser?: string;
}

const samePathAndBody = (attack: Attack): BffRequest => ({ params: attack.params, body: attack.body });

const bffCases: Record<string, BffCase> = {
  'GET /api/images/[id]': { route: 'getImage' },
  'DELETE /api/images/[id]': { route: 'deleteImage' },
  'PUT /api/me/photo': { route: 'setProfilePhoto' },
  'GET /api/appointments/[id]': { route: 'getAppointment' },
  'PUT /api/appointments/[id]/cancel': { route: 'cancelAppointment' },
  'GET /api/appointments/[id]/calendar': { route: 'appointmentCalendar' },
  'PUT /api/appointments/[id]/reschedule': { route: 'rescheduleAppointment' },
  'GET /api/appointments/[id]/feedback': { route: 'checkFeedback' },
  'POST /api/appointments/[id]/feedback': { route: 'saveFeedback' },
  'GET /api/appointments/[id]/waitlist': { route: 'getWaitlistStatus' },
  'PUT /api/appointments/[id]/waitlist': { route: 'joinWaitlist' },
  'DELETE /api/appointments/[id]/waitlist': { route: 'leaveWaitlist' },
  'POST /api/waitlist-offers/[id]/accept': { route: 'acceptWaitlistOffer' },
  'POST /api/appointments': { route: 'bookAppointment' },
  'POST /api/reviews': {
    route: 'writeReview',
    request: (attack) => ({ body: { appointmentId: attack.params!.id, ...(attack.body as object) } }),
  },
  'PUT /api/reviews/[id]': { route: 'updateReview' },
  'DELETE /api/reviews/[id]': { route: 'deleteReview' },
  'PUT /api/family/[id]': { route: 'updateFamilyMember' },
  'DELETE /api/family/[id]': { route: 'deleteFamilyMember' },
  'PUT /api/cards/[id]/default': { route: 'setDefaultCard' },
  'DELETE /api/cards/[id]': { route: 'deleteCard' },
  'PUT /api/insurance': { route: 'updateMemberInsurance' },
  'PUT /api/favorites/providers/[id]': { route: 'addFavoriteProvider' },
  'DELETE /api/favorites/providers/[id]': { route: 'removeFavoriteProvider' },
  'PUT /api/favorites/clinics/[id]': { route: 'addFavoriteClinic' },
  'DELETE /api/favorites/clinics/[id]': { route: 'removeFavoriteClinic' },
  'GET /api/search': {
    route: 'globalSearch',
    noIdFromBrowser: "the BFF never sends a userId: a favourites search is the session's own",
  },
  // The conversation id travels in an httpOnly cookie: B's browser carrying A's id is the attack.
  'GET /api/assistant/conversation': {
    route: 'getAssistantConversation',
    request: (attack) =>
      attack.as === 'anonymous' ? undefined : { cookie: ['assistant_conversation', attack.params!.id!] },
    // Documented: a conversation the browser cannot open is forgotten and the chat starts empty.
    expect: (reply) => {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ messages: [] });
    },
  },
  'POST /api/assistant/messages': {
    route: 'sendAssistantMessage',
    request: (attack) => {
      const { conversationId, ...body } = attack.body as { conversationId: string };
      return { body, cookie: ['assistant_conversation', conversationId] };
    },
    expect: (reply) => {
      expect(reply.status).toBe(200);
      expect(JSON.stringify(reply.body.messages)).not.toContain('root canal near Houston');
    },
  },
};

describe('the BFF table', () => {
  it('has an entry for every /api handler that reaches an id-taking /v4 route', () => {
    const reaching = [...bffHandlers()].filter(([, h]) => h.routes.some((r) => r in cases)).map(([key]) => key);
    expect(Object.keys(bffCases).sort()).toEqual(reaching.sort());
    for (const [key, entry] of Object.entries(bffCases))
      expect(bffHandlers().get(key)!.routes, key).toContain(entry.route);
  });
});

describe("another patient's ids through the BFF", () => {
  const ORIGIN = 'http://app.test';

  async function loginB(): Promise<void> {
    jar.clear();
    const session = await import('../../../app/api/session/route');
    const reply = await session.POST(
      new Request(`${ORIGIN}/api/session`, {
        method: 'POST',
        body: JSON.stringify({ email: world.b.email, password: world.b.password }),
        headers: {
          host: 'app.test',
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-for': randomIp(),
        },
      }),
    );
    expect(reply.status).toBe(200);
  }

  it.each(Object.keys(bffCases))('%s answers B as documented and changes nothing of A', async (key) => {
    const entry = bffCases[key]!;
    if (entry.noIdFromBrowser) return;
    const handler = bffHandlers().get(key)!;
    const routeModule = (await import(/* @vite-ignore */ path.join(API_DIR, handler.file))) as Record<
      string,
      (r: Request, c: unknown) => Promise<Response>
    >;
    const before = await snapshotOfA();
    await loginB();
    for (const attack of await cases[entry.route]!.attacks(world)) {
      if (attack.as === 'officeB') continue;
      const request = (entry.request ?? samePathAndBody)(attack);
      if (!request) continue;
      const session = new Map(jar);
      if (attack.as === 'anonymous') jar.clear();
      if (request.cookie) jar.set(...request.cookie);
      const urlPath = key
        .split(' ')[1]!
        .replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
      const response = await routeModule[handler.method]!(
        new Request(`${ORIGIN}${urlPath}`, {
          method: handler.method,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          headers: {
            host: 'app.test',
            origin: ORIGIN,
            'x-forwarded-for': randomIp(),
            ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        }),
        { params: Promise.resolve(request.params ?? {}) },
      );
      jar.clear();
      for (const [name, value] of session) jar.set(name, value);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const reply = { status: response.status, headers: response.headers, body } as V4Reply;
      try {
        (entry.expect ?? attack.expect ?? notFound)(reply, attack);
      } catch (error) {
        throw new Error(`${key} with ${attack.label}: ${(error as Error).message}`);
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });
});
