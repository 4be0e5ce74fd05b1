import crypto from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import { dispatchV4 } from '../api/dispatch';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin, v4 } from '../../testing/v4';

/*
 * GET /v4/insurance and PUT /v4/updateFadMemberInsurance, and the profile photo
 * (PUT/DELETE /v4/patientAppUser/photo): card images and photos are the patient's own uploads
 * of the right purpose; another patient's ids answer 404 and change nothing.
 */

const database = useTestDatabase();
let carrier: { id: number; planA: number; planB: number; otherPlan: number };

beforeAll(async () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  const [c] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into insurance_carriers (name) values (${`Test Dental ${suffix}`}) returning id`,
  );
  const [o] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into insurance_carriers (name) values (${`Other Dental ${suffix}`}) returning id`,
  );
  const plans = await queryRows<{ id: number }>(
    database.db,
    sql`insert into insurance_plans (carrier_id, name) values (${c!.id}, 'PPO'), (${c!.id}, 'HMO'), (${o!.id}, 'Basic') returning id`,
  );
  carrier = { id: c!.id, planA: plans[0]!.id, planB: plans[1]!.id, otherPlan: plans[2]!.id };
});

const png = (color = '#7c3aed', width = 80, height = 50) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function upload(token: string, purpose: string, bytes?: Buffer): Promise<string> {
  const data = new FormData();
  data.set('purpose', purpose);
  data.append('images', new Blob([new Uint8Array(bytes ?? (await png()))], { type: 'image/png' }), 'card.png');
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

const me = async (token: string) => (await v4('GET', '/v4/patientAppUser', { token })).body[0];

async function addMember(token: string) {
  const reply = await v4('POST', '/v4/family', {
    token,
    body: { firstName: 'Leo', lastName: 'Tester', relationship: 'child', gender: 'male', dateOfBirth: '2019-03-08' },
  });
  expect(reply.status).toBe(201);
  return reply.body as { id: string };
}

function details(front: string, back: string, overrides: Record<string, unknown> = {}) {
  return {
    carrierId: carrier.id,
    planId: carrier.planA,
    memberId: ' ABC-123 ',
    frontImageId: front,
    backImageId: back,
    ...overrides,
  };
}

describe('insurance', () => {
  it("saves and lists the patient's and a family member's insurance; saving again replaces it", async () => {
    const { token } = await signUpAndLogin({ firstName: 'Ines', gender: 'female' });
    const user = await me(token);
    const member = await addMember(token);

    const empty = await v4('GET', '/v4/insurance', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([
      {
        appUserId: user.id,
        isFamilyMember: false,
        firstName: 'Ines',
        lastName: 'Tester',
        relationship: null,
        gender: 'female',
        insurance: null,
      },
      {
        appUserId: member.id,
        isFamilyMember: true,
        firstName: 'Leo',
        lastName: 'Tester',
        relationship: 'child',
        gender: 'male',
        insurance: null,
      },
    ]);

    const [front, back] = [await upload(token, 'insurance'), await upload(token, 'insurance')];
    const saved = await v4('PUT', '/v4/updateFadMemberInsurance', {
      token,
      body: { appUserId: member.id, isFamilyMember: true, insuranceDetails: details(front, back) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      appUserId: member.id,
      isFamilyMember: true,
      insurance: {
        carrierId: carrier.id,
        planId: carrier.planA,
        planName: 'PPO',
        memberId: 'ABC-123',
        frontImageId: front,
        backImageId: back,
      },
    });

    const mine = await v4('PUT', '/v4/updateFadMemberInsurance', {
      token,
      body: {
        appUserId: user.id,
        isFamilyMember: false,
        insuranceDetails: details(front, back, { planId: carrier.planB, memberId: 'X1' }),
      },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.insurance).toMatchObject({ planName: 'HMO', memberId: 'X1' });

    const [front2, back2] = [await upload(token, 'insurance'), await upload(token, 'insurance')];
    const replaced = await v4('PUT', '/v4/updateFadMemberInsurance', {
      token,
      body: {
        appUserId: member.id,
        isFamilyMember: true,
        insuranceDetails: details(front2, back2, { memberId: 'NEW-9' }),
      },
    });
    expect(replaced.body.insurance).toMatchObject({ memberId: 'NEW-9', frontImageId: front2, backImageId: back2 });
    const listed = await v4('GET', '/v4/insurance', { token });
    expect(listed.body.map((p: { insurance: { memberId: string } }) => p.insurance.memberId)).toEqual(['X1', 'NEW-9']);
    const [rows] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from member_insurance where owner_id = ${user.id}`,
    );
    expect(rows!.n).toBe(2);

    // A card image deleted later leaves the insurance asking for it again.
    expect((await v4('DELETE', `/v4/images/${back2}`, { token })).status).toBe(200);
    expect((await v4('GET', '/v4/insurance', { token })).body[1].insurance.backImageId).toBeNull();

    // A removed family member takes their insurance out of the list.
    await v4('DELETE', `/v4/family/${member.id}`, { token });
    expect((await v4('GET', '/v4/insurance', { token })).body).toHaveLength(1);
    expect(
      (
        await v4('PUT', '/v4/updateFadMemberInsurance', {
          token,
          body: { appUserId: member.id, isFamilyMember: true, insuranceDetails: details(front, back) },
        })
      ).status,
    ).toBe(404);
  });

  it('requires both card images, of the insurance purpose, and a plan of the chosen carrier (400, nothing stored)', async () => {
    const { token } = await signUpAndLogin();
    const user = await me(token);
    const [front, back, teeth] = [
      await upload(token, 'insurance'),
      await upload(token, 'insurance'),
      await upload(token, 'teeth'),
    ];
    const bad: [string, unknown][] = [
      [
        'no front',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: { ...details(front, back), frontImageId: undefined },
        },
      ],
      [
        'no back',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: { ...details(front, back), backImageId: undefined },
        },
      ],
      ['same image twice', { appUserId: user.id, isFamilyMember: false, insuranceDetails: details(front, front) }],
      ['a teeth image', { appUserId: user.id, isFamilyMember: false, insuranceDetails: details(front, teeth) }],
      [
        'plan of another carrier',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: details(front, back, { planId: carrier.otherPlan }),
        },
      ],
      [
        'unknown carrier',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: details(front, back, { carrierId: 2_000_000_000 }),
        },
      ],
      [
        'blank member id',
        { appUserId: user.id, isFamilyMember: false, insuranceDetails: details(front, back, { memberId: '   ' }) },
      ],
      [
        'long member id',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: details(front, back, { memberId: 'x'.repeat(41) }),
        },
      ],
      [
        'string ids',
        {
          appUserId: user.id,
          isFamilyMember: false,
          insuranceDetails: details(front, back, { carrierId: String(carrier.id) }),
        },
      ],
      ['no flag', { appUserId: user.id, insuranceDetails: details(front, back) }],
      ['bad user id', { appUserId: 'me', isFamilyMember: false, insuranceDetails: details(front, back) }],
      [
        'extra field',
        { appUserId: user.id, isFamilyMember: false, insuranceDetails: { ...details(front, back), groupNumber: '1' } },
      ],
      ['no details', { appUserId: user.id, isFamilyMember: false }],
    ];
    for (const [label, body] of bad) {
      const reply = await v4('PUT', '/v4/updateFadMemberInsurance', { token, body });
      expect(reply.status, label).toBe(400);
      expect(reply.body.errorCode, label).toBe('badRequest');
      expect(reply.body.message).toBe(en.api.badRequest);
    }
    const missingFront = await v4('PUT', '/v4/updateFadMemberInsurance', {
      token,
      body: {
        appUserId: user.id,
        isFamilyMember: false,
        insuranceDetails: { ...details(front, back), frontImageId: undefined },
      },
    });
    expect(missingFront.body.fields).toContainEqual({
      path: 'insuranceDetails.frontImageId',
      message: en.validation.required,
    });
    expect(await countRows(database.db, 'member_insurance')).toBeGreaterThanOrEqual(0);
    expect((await v4('GET', '/v4/insurance', { token })).body[0].insurance).toBeNull();
  });

  it('refuses a 5,000-character member id with its limit, in both languages, instead of cutting it', async () => {
    const { token } = await signUpAndLogin();
    const user = await me(token);
    const body = {
      appUserId: user.id,
      isFamilyMember: false,
      insuranceDetails: details(await upload(token, 'insurance'), await upload(token, 'insurance'), {
        memberId: 'M'.repeat(5_000),
      }),
    };
    const reply = await v4('PUT', '/v4/updateFadMemberInsurance', { token, body });
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe('badRequest');
    expect(reply.body.fields).toEqual([
      { path: 'insuranceDetails.memberId', message: 'Please use at most 40 characters.' },
    ]);
    const spanish = await v4('PUT', '/v4/updateFadMemberInsurance', { token, body, language: 'sp' });
    expect(spanish.body.fields).toEqual([
      { path: 'insuranceDetails.memberId', message: 'Use como máximo 40 caracteres.' },
    ]);
    expect((await v4('GET', '/v4/insurance', { token })).body[0].insurance).toBeNull();
  });

  it("answers 404 to another patient's images, family members and own id, changing nothing", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const ownerUser = await me(owner.token);
    const otherUser = await me(other.token);
    const ownerMember = await addMember(owner.token);
    const [front, back] = [await upload(owner.token, 'insurance'), await upload(owner.token, 'insurance')];
    const [otherFront, otherBack] = [await upload(other.token, 'insurance'), await upload(other.token, 'insurance')];

    const attempts: [string, Record<string, unknown>][] = [
      [
        "another patient's card image",
        { appUserId: otherUser.id, isFamilyMember: false, insuranceDetails: details(otherFront, front) },
      ],
      [
        "another patient's family member",
        { appUserId: ownerMember.id, isFamilyMember: true, insuranceDetails: details(otherFront, otherBack) },
      ],
      [
        "another patient's own id",
        { appUserId: ownerUser.id, isFamilyMember: false, insuranceDetails: details(otherFront, otherBack) },
      ],
      [
        'own id flagged as a family member',
        { appUserId: otherUser.id, isFamilyMember: true, insuranceDetails: details(otherFront, otherBack) },
      ],
      [
        'an unknown id',
        { appUserId: crypto.randomUUID(), isFamilyMember: true, insuranceDetails: details(otherFront, otherBack) },
      ],
      [
        'unknown images',
        { appUserId: otherUser.id, isFamilyMember: false, insuranceDetails: details(crypto.randomUUID(), otherBack) },
      ],
    ];
    for (const [label, body] of attempts) {
      const reply = await v4('PUT', '/v4/updateFadMemberInsurance', { token: other.token, body });
      expect(reply.status, label).toBe(404);
      expect(reply.body.errorCode).toBe('notFound');
    }
    const stolenImage = await v4('PUT', '/v4/updateFadMemberInsurance', {
      token: other.token,
      body: { appUserId: otherUser.id, isFamilyMember: false, insuranceDetails: details(front, back) },
    });
    expect(stolenImage.body.message).toBe(en.insurance.imageNotFound);
    expect(
      (await v4('GET', '/v4/insurance', { token: owner.token })).body.every(
        (p: { insurance: unknown }) => p.insurance === null,
      ),
    ).toBe(true);
    expect((await v4('GET', '/v4/insurance', { token: other.token })).body).toHaveLength(1);
    expect((await v4('GET', '/v4/insurance')).status).toBe(401);
    expect((await v4('PUT', '/v4/updateFadMemberInsurance', { body: {} })).status).toBe(401);
  });
});

describe('profile photo', () => {
  it('sets a square profile photo, replaces it (deleting the old image) and removes it', async () => {
    const { token } = await signUpAndLogin();
    expect((await me(token)).profileImage).toBeNull();
    const first = await upload(token, 'profile', await png('#112233', 120, 60));
    const set = await v4('PUT', '/v4/patientAppUser/photo', { token, body: { imageId: first } });
    expect(set.status).toBe(200);
    expect(set.body.profileImage).toBe(first);
    expect((await me(token)).profileImage).toBe(first);
    // The pipeline cropped it square.
    const [image] = await queryRows<{ width: number; height: number }>(
      database.db,
      sql`select width, height from images where id = ${first}`,
    );
    expect(image!.width).toBe(image!.height);

    const second = await upload(token, 'profile');
    expect((await v4('PUT', '/v4/patientAppUser/photo', { token, body: { imageId: second } })).body.profileImage).toBe(
      second,
    );
    expect((await v4('GET', `/v4/images/${first}`, { token })).status).toBe(404);
    // Setting the same photo again keeps it.
    expect((await v4('PUT', '/v4/patientAppUser/photo', { token, body: { imageId: second } })).body.profileImage).toBe(
      second,
    );
    expect((await v4('GET', `/v4/images/${second}`, { token })).status).toBe(200);

    const removed = await v4('DELETE', '/v4/patientAppUser/photo', { token });
    expect(removed.status).toBe(200);
    expect(removed.body.profileImage).toBeNull();
    expect((await v4('GET', `/v4/images/${second}`, { token })).status).toBe(404);
    expect((await v4('DELETE', '/v4/patientAppUser/photo', { token })).status).toBe(200);

    // Deleting the image itself clears the photo too.
    const third = await upload(token, 'profile');
    await v4('PUT', '/v4/patientAppUser/photo', { token, body: { imageId: third } });
    await v4('DELETE', `/v4/images/${third}`, { token });
    expect((await me(token)).profileImage).toBeNull();
  });

  it("refuses bad input (400), another purpose (400) and another patient's image (404)", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const photo = await upload(owner.token, 'profile');
    const card = await upload(other.token, 'insurance');
    for (const body of [{}, { imageId: 'x' }, { imageId: photo, extra: 1 }, null, []]) {
      expect((await v4('PUT', '/v4/patientAppUser/photo', { token: other.token, body })).status).toBe(400);
    }
    expect((await v4('PUT', '/v4/patientAppUser/photo', { token: other.token, body: { imageId: card } })).status).toBe(
      400,
    );
    const stolen = await v4('PUT', '/v4/patientAppUser/photo', { token: other.token, body: { imageId: photo } });
    expect(stolen.status).toBe(404);
    expect((await me(other.token)).profileImage).toBeNull();
    expect((await v4('PUT', '/v4/patientAppUser/photo', { body: { imageId: photo } })).status).toBe(401);
    expect((await v4('DELETE', '/v4/patientAppUser/photo')).status).toBe(401);
  });
});
