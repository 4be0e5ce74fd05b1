import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { findOwnFamilyMember } from './family-service';

/* GET/POST/PUT/DELETE /v4/family: a patient's family members, to book for and manage. */

const database = useTestDatabase();

const member = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Leo',
  lastName: 'Tester',
  relationship: 'child',
  gender: 'male',
  dateOfBirth: '2019-03-08',
  ...overrides,
});

/** YYYY-MM-DD of today moved by `days`, in the server's calendar (as the contract reads "today"). */
function day(days: number): string {
  const now = new Date();
  const shifted = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${shifted.getFullYear()}-${String(shifted.getMonth() + 1).padStart(2, '0')}-${String(shifted.getDate()).padStart(2, '0')}`;
}

const storedRows = () =>
  queryRows<Record<string, unknown>>(
    database.db,
    sql`select id, owner_id, first_name, last_name, relationship, gender, date_of_birth::text as dob, updated_at, deleted_at
        from family_members order by id`,
  );

async function add(token: string, body: Record<string, unknown> = member()) {
  const reply = await v4('POST', '/v4/family', { token, body });
  expect(reply.status).toBe(201);
  return reply.body;
}

describe('family members', () => {
  it('adds, lists (oldest first), edits and removes members; a child under 16 is allowed', async () => {
    const { token } = await signUpAndLogin();
    expect((await v4('GET', '/v4/family', { token })).body).toEqual([]);

    const leo = await add(token);
    expect(leo).toEqual({
      id: expect.any(String),
      firstName: 'Leo',
      lastName: 'Tester',
      relationship: 'child',
      gender: 'male',
      dateOfBirth: '2019-03-08',
      country: 'US', // the account holder's, which members share
      profileImage: null,
    });
    const sam = await add(
      token,
      member({ firstName: '  Sam ', relationship: 'spouse', gender: 'preferNotToSay', dateOfBirth: '1988-12-01' }),
    );
    expect(sam.firstName).toBe('Sam');
    const list = await v4('GET', '/v4/family', { token });
    expect(list.status).toBe(200);
    expect(list.body.map((m: { id: string }) => m.id)).toEqual([leo.id, sam.id]);

    const edited = await v4('PUT', `/v4/family/${leo.id}`, {
      token,
      body: member({ firstName: 'Leonardo', dateOfBirth: day(0) }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: leo.id, firstName: 'Leonardo', dateOfBirth: day(0) });

    const removed = await v4('DELETE', `/v4/family/${leo.id}`, { token, language: 'sp' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: es.api.familyMemberDeleted });
    expect((await v4('GET', '/v4/family', { token })).body.map((m: { id: string }) => m.id)).toEqual([sam.id]);
    // Soft delete: the row stays, named, for the appointments that point at it.
    const [row] = await queryRows<{ first_name: string; deleted_at: Date | null }>(
      database.db,
      sql`select first_name, deleted_at from family_members where id = ${leo.id}`,
    );
    expect(row?.first_name).toBe('Leonardo');
    expect(row?.deleted_at).not.toBeNull();

    // A removed member is gone for every purpose: editing or removing again answers 404.
    expect((await v4('PUT', `/v4/family/${leo.id}`, { token, body: member() })).status).toBe(404);
    const again = await v4('DELETE', `/v4/family/${leo.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errorCode: 'notFound', message: en.api.notFound });
  });

  it("answers another patient's, a removed, an unknown and a malformed id with the same 404, changing nothing", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const mine = await add(owner.token);
    const gone = await add(owner.token);
    await v4('DELETE', `/v4/family/${gone.id}`, { token: owner.token });
    const before = await storedRows();

    for (const id of [
      mine.id,
      gone.id,
      crypto.randomUUID(),
      'not-a-uuid',
      '1',
      mine.id.toUpperCase().replace(/-/g, ''),
    ]) {
      const put = await v4('PUT', `/v4/family/${encodeURIComponent(id)}`, {
        token: other.token,
        body: member({ firstName: 'Mallory' }),
      });
      expect(put.status, `PUT ${id}`).toBe(404);
      expect(put.body).toEqual({ errorCode: 'notFound', message: en.api.notFound });
      const del = await v4('DELETE', `/v4/family/${encodeURIComponent(id)}`, { token: other.token });
      expect(del.status, `DELETE ${id}`).toBe(404);
      expect(del.body).toEqual(put.body);
    }
    expect((await v4('GET', '/v4/family', { token: other.token })).body).toEqual([]);
    expect(await storedRows()).toEqual(before);
  });

  it('asks for a session', async () => {
    expect((await v4('GET', '/v4/family')).status).toBe(401);
    expect((await v4('POST', '/v4/family', { body: member() })).status).toBe(401);
    expect((await v4('PUT', `/v4/family/${crypto.randomUUID()}`, { body: member() })).status).toBe(401);
    expect((await v4('DELETE', `/v4/family/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it.each([
    [
      'a missing first name',
      member({ firstName: undefined }),
      [{ path: 'firstName', message: en.validation.required }],
    ],
    ['a blank last name', member({ lastName: '   ' }), [{ path: 'lastName', message: en.validation.required }]],
    ['a number for a name', member({ firstName: 42 }), [{ path: 'firstName', message: en.validation.required }]],
    [
      'a 51-character name',
      member({ lastName: 'x'.repeat(51) }),
      [{ path: 'lastName', message: 'Please use at most 50 characters.' }],
    ],
    [
      'an unknown relationship',
      member({ relationship: 'cousin' }),
      [{ path: 'relationship', message: en.validation.required }],
    ],
    ['an unknown gender', member({ gender: 'x' }), [{ path: 'gender', message: en.validation.required }]],
    [
      'a date of birth tomorrow',
      member({ dateOfBirth: day(1) }),
      [{ path: 'dateOfBirth', message: en.validation.invalidDob }],
    ],
    [
      'an impossible date of birth',
      member({ dateOfBirth: '2019-02-30' }),
      [{ path: 'dateOfBirth', message: en.validation.invalidDob }],
    ],
    [
      'a date of birth as a number',
      member({ dateOfBirth: 20190308 }),
      [{ path: 'dateOfBirth', message: en.validation.required }],
    ],
    [
      'an unknown field',
      member({ ownerId: crypto.randomUUID() }),
      [{ path: 'ownerId', message: en.validation.unknownField }],
    ],
  ])('refuses %s with 400 on add and on edit, writing nothing', async (_label, body, fields) => {
    const { token } = await signUpAndLogin();
    const existing = await add(token);
    const before = await storedRows();
    const count = await countRows(database.db, 'family_members');

    const added = await v4('POST', '/v4/family', { token, body });
    expect(added.status).toBe(400);
    expect(added.body).toMatchObject({ errorCode: 'badRequest', message: en.api.badRequest });
    expect(added.body.fields).toEqual(fields);
    const edited = await v4('PUT', `/v4/family/${existing.id}`, { token, body });
    expect(edited.status).toBe(400);
    expect(edited.body.fields).toEqual(fields);

    expect(await countRows(database.db, 'family_members')).toBe(count);
    expect(await storedRows()).toEqual(before);
  });

  it('refuses a body that is not a JSON object, and answers in Spanish', async () => {
    const { token } = await signUpAndLogin();
    for (const rawBody of ['[]', 'null', '"Leo"', '{"firstName":']) {
      const reply = await v4('POST', '/v4/family', { token, rawBody, contentType: 'application/json', language: 'sp' });
      expect(reply.status, rawBody).toBe(400);
      expect(reply.body.errorCode).toBe('badRequest');
    }
    const reply = await v4('POST', '/v4/family', { token, body: member({ dateOfBirth: day(1) }), language: 'sp' });
    expect(reply.body.fields).toEqual([{ path: 'dateOfBirth', message: es.validation.invalidDob }]);
    expect((await v4('GET', '/v4/family', { token })).body).toEqual([]);
  });

  it("finds a patient's own live member for booking, and nobody else's", async () => {
    const owner = await signUpAndLogin();
    const other = await signUpAndLogin();
    const kid = await add(owner.token);
    const gone = await add(owner.token, member({ firstName: 'Gone' }));
    await v4('DELETE', `/v4/family/${gone.id}`, { token: owner.token });
    const ownerId = (await v4('GET', '/v4/patientAppUser', { token: owner.token })).body[0].id;
    const otherId = (await v4('GET', '/v4/patientAppUser', { token: other.token })).body[0].id;

    expect(await findOwnFamilyMember(ownerId, kid.id)).toEqual(kid);
    expect(await findOwnFamilyMember(otherId, kid.id)).toBeUndefined();
    expect(await findOwnFamilyMember(ownerId, gone.id)).toBeUndefined();
    expect(await findOwnFamilyMember(ownerId, 'nope')).toBeUndefined();
    expect(await findOwnFamilyMember(ownerId, crypto.randomUUID())).toBeUndefined();
  });
});
